/** The badge's shapes in a 40×40 box, shared by the mark and the full logo. */
function MarkShapes() {
  return (
    <>
      <rect width="40" height="40" rx="11" fill="#3ddc97" />
      <g fill="#04261a">
        <rect x="12.5" y="6" width="5.2" height="17" rx="2.6" transform="rotate(-14 15 21)" />
        <rect x="20.5" y="5" width="5.2" height="18" rx="2.6" transform="rotate(11 23 21)" />
        <rect x="11.5" y="18.5" width="17" height="14" rx="5.5" />
        <rect x="6.5" y="20.5" width="10" height="5.2" rx="2.6" transform="rotate(-28 11.5 23)" />
      </g>
      <path d="M15.5 24.5h9M15.5 28h9" stroke="#3ddc97" strokeWidth="1.4" strokeLinecap="round" />
    </>
  );
}

/** The Shifumi logo: a "scissors" hand in a mint badge, and the wordmark. Drawn for this app. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <MarkShapes />
    </svg>
  );
}

export function Logo() {
  return (
    <svg width="132" height="36" viewBox="0 0 132 40" aria-hidden="true" focusable="false">
      <MarkShapes />
      <text
        x="50"
        y="28"
        fill="currentColor"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="21"
        fontWeight="800"
        letterSpacing="-0.5"
        // Whatever font the system substitutes, the word fits the badge's box (issue 14: it was cut to "Shifum").
        textLength="78"
        lengthAdjust="spacingAndGlyphs"
      >
        Shifumi
      </text>
    </svg>
  );
}
