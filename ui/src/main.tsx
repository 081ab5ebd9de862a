import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import "./styles/base.css";
import "./styles/shell.css";
import "./styles/skills.css";
import "./styles/editor.css";
import "./styles/views.css";
import "./styles/dialogs.css";
import "./styles/cards.css";
import "./styles/exports.css";
import "./styles/agents.css";
import "./styles/serve.css";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
