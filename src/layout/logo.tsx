/** The Fleetdesk mark: a stylised truck in a rounded square. Inline SVG, so the light pages need no assets. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="fd-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4c7cf3" />
          <stop offset="1" stopColor="#2541b2" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#fd-logo-gradient)" />
      <path d="M6 10.5h12v9H6z" fill="#fff" />
      <path d="M18.8 13h4.1l3.1 3.6v2.9h-7.2z" fill="#cfdcff" />
      <circle cx="10" cy="21.5" r="2.2" fill="#fff" stroke="#2541b2" strokeWidth="1.2" />
      <circle cx="22.5" cy="21.5" r="2.2" fill="#fff" stroke="#2541b2" strokeWidth="1.2" />
    </svg>
  );
}

export function Logo({ showName = true, size = 32 }: { showName?: boolean; size?: number }) {
  return (
    <span className="fd-logo">
      <LogoMark size={size} />
      {showName && <span className="fd-logo__name">Fleetdesk</span>}
    </span>
  );
}
