/**
 * One choice among a few, as a row of toggle buttons: each is a real button a keyboard reaches
 * and a screen reader hears as pressed or not (antd-mobile's Selector items are neither).
 */
export function ChoiceChips<T extends string>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T | null;
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <fieldset className="mod-choice" data-testid={testId}>
      <legend className="mod-choice__label">{label}</legend>
      <div className="mod-choice__chips">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            className="mod-chip"
            aria-pressed={option.value === value}
            data-value={option.value}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
