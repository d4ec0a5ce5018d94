/** The neutral default logo made in the repo (white label: the server's brand.logoUrl replaces it). */
export function DefaultLogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--primary)" />
          <stop offset="1" stopColor="var(--accent)" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="28" height="28" rx="8" fill="url(#logo-g)" />
      <path d="M16 7l7 9-7 9-7-9z" fill="#fff" opacity="0.95" />
      <circle cx="16" cy="16" r="2.6" fill="var(--primary)" />
    </svg>
  );
}

/** The operator's logo (a wordmark that carries the name) or the default mark with the brand name. */
export function Logo({ name, logoUrl }: { name: string; logoUrl?: string }) {
  return (
    <span className="logo">
      {logoUrl ? (
        <img src={logoUrl} alt={name} height={32} className="logo__img" />
      ) : (
        <>
          <DefaultLogoMark />
          <span className="logo__name">{name}</span>
        </>
      )}
    </span>
  );
}

export function Avatar({ src, size = 32, alt = '' }: { src?: string; size?: number; alt?: string }) {
  return src ? (
    <img className="avatar" src={src} alt={alt} width={size} height={size} />
  ) : (
    <span
      className="avatar avatar--placeholder"
      style={{ width: size, height: size }}
      aria-hidden={alt ? undefined : true}
    >
      <svg
        viewBox="0 0 24 24"
        width={size * 0.6}
        height={size * 0.6}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
      </svg>
    </span>
  );
}
