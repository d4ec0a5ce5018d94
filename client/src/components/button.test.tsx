import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  afterEach(cleanup);

  it('shows progress while its action runs and cannot be double-submitted', async () => {
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Button onClick={action}>Pay</Button>);
    const button = screen.getByRole('button', { name: 'Pay' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(action).toHaveBeenCalledOnce();
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => finish());
    expect(button.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('ignores clicks while loading', () => {
    const action = vi.fn();
    render(
      <Button loading onClick={action}>
        Send
      </Button>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(action).not.toHaveBeenCalled();
  });
});
