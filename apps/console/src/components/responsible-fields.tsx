import type { Responsibles, ResponsiblesRequest } from '@acompanha/contract';
import { ApiError } from '@acompanha/client';
import { FormField } from '@acompanha/ui/form-field';
import { useProfessionals } from '../lib/professionals';
import { SELECT_CLASSES } from './select-classes';

export type ResponsibleErrors = Partial<Record<keyof ResponsiblesRequest, string>>;

const FIELDS = [
  { field: 'personal_id', role: 'personal', label: 'Personal trainer' },
  { field: 'nutricionista_id', role: 'nutricionista', label: 'Nutricionista' },
] as const;

/**
 * The API's refusal of a responsible, at its field and in its words ('personal_id: deve ser um
 * membro…' reads 'Deve ser um membro…'); nothing for any other error.
 */
export function responsibleErrors(error: Error | null): ResponsibleErrors {
  const named = FIELDS.find(({ field }) => error instanceof ApiError && error.status === 400 && error.field === field);
  if (!named || !error) return {};
  const words = error.message.replace(new RegExp(`^${named.field}:\\s*`), '');
  return { [named.field]: words.charAt(0).toUpperCase() + words.slice(1) };
}

/**
 * 'Personal trainer' and 'Nutricionista': a select each, of the enabled staff of that role and
 * 'Nenhum', for who looks after a client by staff id (null for nobody), as `PUT .../responsaveis`
 * and Novo cliente send it. `held` is who looks after the client now, offered even when no longer among them.
 */
export function ResponsibleFields({ value, onChange, errors = {}, held }: { value: ResponsiblesRequest; onChange: (next: ResponsiblesRequest) => void; errors?: ResponsibleErrors; held?: Responsibles }) {
  const professionals = useProfessionals();
  return FIELDS.map(({ field, role, label }) => {
    const staff = professionals.data?.[role] ?? [];
    const current = held?.[role];
    const choices = current && !staff.some((member) => member.id === current.id) ? [...staff, current] : staff;
    return (
      <FormField key={field} label={label} error={errors[field]} hint={professionals.isError ? professionals.error.message : undefined}>
        {(control) => (
          <select {...control} className={SELECT_CLASSES} value={value[field] ?? ''} onChange={(event) => onChange({ ...value, [field]: event.target.value ? Number(event.target.value) : null })}>
            <option value="">Nenhum</option>
            {choices.map((member) => (
              <option key={member.id} value={member.id}>
                {member.nome}
              </option>
            ))}
          </select>
        )}
      </FormField>
    );
  });
}
