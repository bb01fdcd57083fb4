import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';

const alertVariants = cva(
  'flex items-start gap-3 rounded-xl px-4 py-3 text-small font-medium [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'bg-info-soft text-info-soft-foreground',
        success: 'bg-primary-soft text-primary-soft-foreground',
        warning: 'bg-warning-soft text-warning-soft-foreground',
        destructive: 'bg-destructive-soft text-destructive-soft-foreground',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, destructive: CircleAlert };

type AlertProps = ComponentProps<'div'> & VariantProps<typeof alertVariants>;

/** A message in a tinted box; failures are announced at once, the rest politely. */
export function Alert({ className, variant, children, ...props }: AlertProps) {
  const Icon = icons[variant ?? 'info'];
  return (
    <div
      data-slot="alert"
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon aria-hidden />
      <div className="flex flex-1 flex-col gap-2">{children}</div>
    </div>
  );
}
