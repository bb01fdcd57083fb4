import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from './cn';
import { Input } from './input';

/** A password input whose text the user may reveal, which helps on a phone keyboard. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div data-slot="password-input" className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-13', className)} {...props} />
      <button
        type="button"
        aria-label={visible ? 'Ocultar senha' : 'Mostrar senha'}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-0.5 right-0.5 flex w-11 cursor-pointer items-center justify-center rounded-xl text-muted-foreground hover:text-foreground"
      >
        {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
      </button>
    </div>
  );
}
