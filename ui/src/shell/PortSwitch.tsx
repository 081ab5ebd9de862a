import { useState } from "react";

/**
 * A port field and an on/off switch for a server on this computer: the port typed is used when
 * switched on (0: any free port), and the running server's port is shown while it runs.
 */
export function PortSwitch(props: {
  /** The running server's port, or null when it is off. */
  runningPort: number | null;
  busy: boolean;
  /** Switching on is refused for a reason other than the port (nothing to serve, no program). */
  cannotStart?: boolean;
  onStart: (port: number) => void;
  onStop: () => void;
  /** Prefix of the test ids: `<prefix>-port`, `<prefix>-toggle`. */
  testId: string;
}) {
  const [port, setPort] = useState("0");
  const portNumber = Number(port);
  const validPort = /^\d+$/.test(port) && portNumber >= 0 && portNumber <= 65535;
  const running = props.runningPort !== null;
  const toggle = () => {
    if (running) props.onStop();
    else if (validPort) props.onStart(portNumber);
  };
  return (
    <div className="serve-controls">
      <label className="serve-port">
        <span className="muted small">Port</span>
        <input
          className={validPort ? "input" : "input invalid"}
          inputMode="numeric"
          value={running ? String(props.runningPort) : port}
          disabled={running || props.busy}
          onChange={(e) => setPort(e.target.value.trim())}
          aria-label="Port"
          aria-invalid={!validPort}
          data-testid={`${props.testId}-port`}
        />
      </label>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={running}
          disabled={props.busy || (!running && (!validPort || props.cannotStart === true))}
          onChange={toggle}
          data-testid={`${props.testId}-toggle`}
        />
        <span className="switch-track" aria-hidden="true" />
        <span>{props.busy ? (running ? "Stopping…" : "Starting…") : running ? "On" : "Off"}</span>
      </label>
    </div>
  );
}
