import { useState, type ComponentProps } from 'react';
import './delete-button.css';

type Step = 'idle' | 'confirming' | 'confirmed';

export type DeleteButtonProps = Omit<ComponentProps<'button'>, 'onClick' | 'onBlur' | 'children' | 'type'> & {
  /** Performs the delete; the button stays disabled until the returned promise settles. */
  onConfirm: () => void | Promise<unknown>;
  label?: string;
  confirmLabel?: string;
};

/**
 * The two-step delete button of platform-foundation §2 and §4: 'Delete', then 'Are you sure?',
 * then the delete. Losing focus before the second click returns it to 'Delete'.
 */
export function DeleteButton({
  onConfirm,
  label = 'Delete',
  confirmLabel = 'Are you sure?',
  className,
  disabled,
  ...rest
}: DeleteButtonProps) {
  const [step, setStep] = useState<Step>('idle');

  function handleClick() {
    if (step === 'idle') {
      setStep('confirming');
      return;
    }
    if (step === 'confirming') {
      setStep('confirmed');
      Promise.resolve()
        .then(onConfirm)
        .finally(() => setStep('idle'))
        .catch(() => undefined);
    }
  }

  const classes = ['delete-button', step !== 'idle' ? 'delete-button--confirming' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type="button"
      className={classes}
      disabled={disabled || step === 'confirmed'}
      aria-busy={step === 'confirmed' || undefined}
      onClick={handleClick}
      onBlur={() => {
        if (step === 'confirming') {
          setStep('idle');
        }
      }}
    >
      {step === 'idle' ? label : confirmLabel}
    </button>
  );
}
