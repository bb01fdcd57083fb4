import { Link, useLocation } from 'react-router';

interface Tab {
  to: string;
  label: string;
  /** SPEC.md §2: some tabs also stay highlighted on screens reached from them. */
  isCurrent: (pathname: string) => boolean;
}

const TABS: readonly Tab[] = [
  {
    to: '/',
    label: 'Início',
    isCurrent: (pathname) => pathname === '/' || pathname.startsWith('/workout') || pathname.startsWith('/diet'),
  },
  {
    to: '/chat',
    label: 'Chat',
    isCurrent: (pathname) => pathname.startsWith('/chat') || pathname.startsWith('/application-error'),
  },
  { to: '/profile', label: 'Perfil', isCurrent: (pathname) => pathname.startsWith('/profile') },
  { to: '/faq', label: 'FAQ', isCurrent: (pathname) => pathname.startsWith('/faq') },
];

export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Navegação principal" className="fixed inset-x-0 bottom-0 z-10 h-20 border-t border-slate-200 bg-white">
      <ul className="mx-auto grid h-full max-w-md grid-cols-4">
        {TABS.map((tab) => (
          <li key={tab.to} className="flex">
            <Link
              to={tab.to}
              aria-current={tab.isCurrent(pathname) ? 'page' : undefined}
              className="flex flex-1 items-center justify-center text-sm font-medium text-slate-600 aria-[current=page]:text-brand aria-[current=page]:font-semibold"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
