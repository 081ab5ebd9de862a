import type { Section } from "./Sidebar";

/** Small line icons for the sidebar (inline SVG: no icon font, nothing fetched). */
export function NavIcon(props: { section: Section }) {
  const common = {
    width: 16,
    height: 16,
    viewBox: "0 0 16 16",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 1.6,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    "aria-hidden": true,
    className: "nav-icon",
  };
  if (props.section === "skills") {
    return (
      <svg {...common}>
        <rect x="2" y="2.5" width="12" height="11" rx="2" />
        <path d="M5 6h6M5 8.5h6M5 11h3.5" />
      </svg>
    );
  }
  if (props.section === "diagnostics") {
    return (
      <svg {...common}>
        <circle cx="8" cy="8" r="6" />
        <path d="M8 4.8v3.7M8 11h.01" />
      </svg>
    );
  }
  if (props.section === "cards") {
    return (
      <svg {...common}>
        <rect x="1.5" y="3" width="13" height="10" rx="2" />
        <circle cx="5.5" cy="7" r="1.5" />
        <path d="M3.5 11c.4-1.2 1.1-1.8 2-1.8s1.6.6 2 1.8M9.5 6.5h3M9.5 9h3" />
      </svg>
    );
  }
  if (props.section === "agents") {
    // A terminal window: the coding agents skills are installed into.
    return (
      <svg {...common}>
        <rect x="1.5" y="2.5" width="13" height="11" rx="2" />
        <path d="M4.5 6.5 6.5 8.5l-2 2M8.5 10.5h3" />
      </svg>
    );
  }
  if (props.section === "serve") {
    // A plug: the catalogue plugged into other agents over MCP.
    return (
      <svg {...common}>
        <path d="M5.5 1.8v3M10.5 1.8v3M3.8 4.8h8.4v2.6a4.2 4.2 0 0 1-8.4 0V4.8ZM8 11.6v2.6" />
      </svg>
    );
  }
  if (props.section === "exports") {
    return (
      <svg {...common}>
        <path d="M8 2v8M4.8 5.2 8 2l3.2 3.2M3 9.5v3a1.5 1.5 0 0 0 1.5 1.5h7a1.5 1.5 0 0 0 1.5-1.5v-3" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <path d="M2.5 13.5h11M4.5 11V7.5M8 11V3.5M11.5 11V6" />
    </svg>
  );
}
