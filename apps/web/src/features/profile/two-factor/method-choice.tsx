import { useId } from 'react';
import { METHOD_LABELS, type PanelMethod } from './two-factor-method';
import './two-factor-panel.css';

/** The methods as radio buttons: choosing one starts setting it up (a code is sent). */
export function MethodChoice({
  legend,
  methods,
  chosen,
  disabled,
  onChoose,
}: {
  legend: string;
  methods: PanelMethod[];
  chosen: PanelMethod | null;
  disabled: boolean;
  onChoose: (method: PanelMethod) => void;
}) {
  const ids = useId();
  return (
    <fieldset className="two-factor-panel__methods" disabled={disabled}>
      <legend>{legend}</legend>
      {methods.map((method) => (
        <div key={method} className="two-factor-panel__method">
          <input
            type="radio"
            id={`${ids}-method-${method}`}
            name={`${ids}-method`}
            value={method}
            checked={chosen === method}
            onChange={() => onChoose(method)}
          />
          <label htmlFor={`${ids}-method-${method}`}>{METHOD_LABELS[method]}</label>
        </div>
      ))}
    </fieldset>
  );
}
