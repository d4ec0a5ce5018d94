// Debian packages the project's own tools need (PostgreSQL, Redis, nginx), installed with apt-get when
// missing: only as root on a Debian-like system; elsewhere one line says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether this process may install Debian packages itself (root, apt-get present). */
export const canAptInstall = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

/** Installs the Debian package `pkg`, or throws saying how to install it by hand. */
export function aptInstall(pkg) {
  if (!canAptInstall())
    throw new Error(
      `${pkg} is not installed: install it (Debian/Ubuntu: sudo apt-get install -y ${pkg}) and run again`,
    );
  console.log(`Installing Debian's ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
}
