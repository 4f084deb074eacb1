/** Small inline icons: no icon font, no extra request. All decorative (aria-hidden). */
import type { ReactNode } from 'react';

function Svg({ children, size = 24, className }: { children: ReactNode; size?: number; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const cardIcons: Record<string, ReactNode> = {
  heart: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />,
  scale: (
    <>
      <path d="M12 3v18M5 21h14M4 7h16M7 7l-3 7a3 3 0 0 0 6 0L7 7zM17 7l-3 7a3 3 0 0 0 6 0l-3-7z" />
    </>
  ),
  people: (
    <>
      <circle cx="9" cy="8" r="3" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M15 14.5c3 0 6 1.8 6 5.5" />
    </>
  ),
  eye: (
    <>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  shield: <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z" />,
  spark: <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />,
  hand: <path d="M8 13V5.5a1.5 1.5 0 0 1 3 0V12M11 11V4.5a1.5 1.5 0 0 1 3 0V12M14 11.5V6a1.5 1.5 0 0 1 3 0v7c0 4.4-2.6 8-7 8-3 0-4.6-1.6-6-4l-1.6-2.9a1.5 1.5 0 0 1 2.6-1.5L8 15" />,
  book: <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5zM4 19a2 2 0 0 1 2-2h13" />,
};

export function CardIcon({ name }: { name: string }) {
  const icon = cardIcons[name];
  return icon ? <Svg size={28}>{icon}</Svg> : null;
}

export const ChevronDown = () => (
  <Svg size={16}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
);
export const ChevronLeft = () => (
  <Svg>
    <path d="M15 18l-6-6 6-6" />
  </Svg>
);
export const ChevronRight = () => (
  <Svg>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);
export const MenuIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Svg>
);
export const CloseIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
);
export const PauseIcon = () => (
  <Svg size={18}>
    <path d="M9 6v12M15 6v12" />
  </Svg>
);
export const PlayIcon = () => (
  <Svg size={18}>
    <path d="M8 5l11 7-11 7V5z" />
  </Svg>
);
export const CalendarIcon = () => (
  <Svg size={18}>
    <path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4" />
  </Svg>
);
export const PinIcon = () => (
  <Svg size={18}>
    <path d="M12 21s-6-5.6-6-11a6 6 0 0 1 12 0c0 5.4-6 11-6 11z" />
    <circle cx="12" cy="10" r="2" />
  </Svg>
);
export const ArrowRight = () => (
  <Svg size={18}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
);
export const MailIcon = () => (
  <Svg size={18}>
    <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
  </Svg>
);
export const VideoIcon = () => (
  <Svg size={18}>
    <path d="M3 7h12v10H3zM15 10l6-3v10l-6-3" />
  </Svg>
);
export const SocialIcon = () => (
  <Svg size={18}>
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <circle cx="18" cy="18" r="2.5" />
    <path d="M8.2 10.8l7.6-3.6M8.2 13.2l7.6 3.6" />
  </Svg>
);

/** The organisation's mark when no logo is uploaded. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="logo-mark">
      <rect width="40" height="40" rx="10" fill="#0b5d4b" />
      <path d="M10 28c4-9 8-13 10-13s6 4 10 13" fill="none" stroke="#f4c542" strokeWidth="3" strokeLinecap="round" />
      <circle cx="20" cy="11" r="3.2" fill="#f4c542" />
    </svg>
  );
}
