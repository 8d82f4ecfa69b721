import type { Figure } from '../model/view';

/** FigureValue is a figure's value with its unit in small type after it, when it has one. */
export function FigureValue({ f }: { f: Figure }) {
  return (
    <>
      {f.value}
      {f.unit !== undefined ? (
        <>
          {' '}
          <small>{f.unit}</small>
        </>
      ) : null}
    </>
  );
}

/** LabelledValues are figures in a row, each its label then its value in bold (the share counts). */
export function LabelledValues({ items }: { items: Figure[] }) {
  return (
    <>
      {items.map((f) => (
        <span key={f.label}>
          {f.label} <strong>{f.value}</strong>
        </span>
      ))}
    </>
  );
}
