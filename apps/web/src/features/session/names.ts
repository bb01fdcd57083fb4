function nameParts(fullName: string): string[] {
  return fullName.trim().split(/\s+/).filter(Boolean);
}

/** 'Ana Paula Souza' -> 'Olá, Ana S.' (DECISIONS.md §3); a single name -> 'Olá, Xuxa.' */
export function greeting(fullName: string): string {
  const parts = nameParts(fullName);
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? parts.at(-1) : undefined;
  return last ? `Olá, ${first} ${last.charAt(0).toLocaleUpperCase('pt-BR')}.` : `Olá, ${first}.`;
}

/** 'Ana Paula Souza' -> 'AS': the initials of the first and the last name. */
export function initials(fullName: string): string {
  const parts = nameParts(fullName);
  const first = parts[0]?.charAt(0) ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.charAt(0) ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase('pt-BR');
}
