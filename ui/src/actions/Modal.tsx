import { useEffect, useRef, type ReactNode } from "react";

/** A modal dialog: Escape or the backdrop closes it, focus starts inside it. */
export function Modal(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const first = box.current?.querySelector<HTMLElement>("input, textarea, select, button.primary, button");
    first?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onClose();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={box}
        className={props.wide ? "modal wide" : "modal"}
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        data-testid={props.testId}
      >
        <h2 className="modal-title">{props.title}</h2>
        <div className="modal-body">{props.children}</div>
        <div className="modal-footer">{props.footer}</div>
      </div>
    </div>
  );
}
