import { CircleHelp, House, MessageCircle, UserRound, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';

interface Tab {
  to: string;
  label: string;
  icon: LucideIcon;
  /** SPEC.md §2: some tabs also stay highlighted on screens reached from them. */
  isCurrent: (pathname: string) => boolean;
}

const TABS: readonly Tab[] = [
  {
    to: '/',
    label: 'Início',
    icon: House,
    isCurrent: (pathname) => pathname === '/' || pathname.startsWith('/workout') || pathname.startsWith('/diet'),
  },
  {
    to: '/chat',
    label: 'Chat',
    icon: MessageCircle,
    isCurrent: (pathname) => pathname.startsWith('/chat') || pathname.startsWith('/application-error'),
  },
  { to: '/profile', label: 'Perfil', icon: UserRound, isCurrent: (pathname) => pathname.startsWith('/profile') },
  { to: '/faq', label: 'FAQ', icon: CircleHelp, isCurrent: (pathname) => pathname.startsWith('/faq') },
];

/** The Chat tab's name with its badge: 'Chat, 2 mensagens não lidas'. */
export function chatTabName(unread: number): string {
  if (unread <= 0) return 'Chat';
  return `Chat, ${unread} ${unread === 1 ? 'mensagem não lida' : 'mensagens não lidas'}`;
}

/** `unreadMessages`: the team's messages the client has not read, shown as a badge on Chat. */
export function BottomNav({ unreadMessages = 0 }: { unreadMessages?: number }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Navegação principal"
      // 5rem tall (SPEC.md §9), 3rem on a short screen (--bottom-nav-height, index.css); the home
      // indicator of a notched phone gets its own space below. Opaque, so that its small labels keep
      // their contrast whatever scrolls beneath (a translucent bar fell to 3.99:1 over a video).
      className="fixed inset-x-0 bottom-0 z-20 box-content h-(--bottom-nav-height) border-t border-border bg-card pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid h-full max-w-md grid-cols-4 px-2">
        {TABS.map(({ to, label, icon: Icon, isCurrent }) => (
          <li key={to} className="flex">
            <Link
              to={to}
              aria-current={isCurrent(pathname) ? 'page' : undefined}
              aria-label={to === '/chat' && unreadMessages > 0 ? chatTabName(unreadMessages) : undefined}
              className="group flex min-w-0 flex-1 flex-col items-center justify-center gap-1 rounded-xl text-caption font-semibold text-muted-foreground transition-colors hover:text-foreground aria-[current=page]:text-primary short:gap-0.5"
            >
              <span className="relative flex h-8 w-14 max-w-full items-center justify-center rounded-full transition-colors group-aria-[current=page]:bg-primary-soft short:h-6">
                <Icon aria-hidden className="size-5" />
                {to === '/chat' && unreadMessages > 0 && (
                  <span
                    aria-hidden
                    className="absolute -top-1 right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-caption leading-none font-bold text-destructive-foreground tabular-nums"
                  >
                    {unreadMessages > 99 ? '99+' : unreadMessages}
                  </span>
                )}
              </span>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
