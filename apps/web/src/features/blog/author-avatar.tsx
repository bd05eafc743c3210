/** The author's avatar: the Cuadra mark's initials on the brand colour, drawn inline (no image request). */
export function AuthorAvatar({ className = 'size-12' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className={className}>
      <circle cx="24" cy="24" r="24" className="fill-brand-800" />
      <text
        x="24"
        y="30.5"
        textAnchor="middle"
        fontSize="18"
        fontWeight="700"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fill="#fff"
      >
        CT
      </text>
    </svg>
  );
}
