/** A small rotating ring; decorative unless given a label. */
export function Spinner({ label, size = 'sm' }: { label?: string; size?: 'sm' | 'md' }) {
  return (
    <span
      className={`spinner spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
