// Arbitru playground: a small client of the public API (no framework, no build step).
// Flow: the pasted ID (+ dice) -> POST v1/board.svg (the picture) and POST v1/moves with
// "include": ["gnubg_id", "xgid"] and the chosen rules preset (the legal plays); a click on a play
// draws it as arrows and shows the resulting position (from the play's own GNU ID) with its IDs.
// The chosen language goes to the API as Accept-Language (its messages and result labels) and
// translates the page's own words.
"use strict";

(function () {
  const DEFAULT_POSITION = "4HPwATDgc/ABMA:cAkAAAAAAAAA";
  const DEFAULT_DICE = "31";
  const INCLUDE = ["gnubg_id", "xgid"];
  const $ = (id) => document.getElementById(id);
  let current = null; // {request, turn, plays}
  // The page's own words; the API's (errors, result labels) follow Accept-Language.
  const WORDS = {
    en: { rules: "Rules", language: "Language", show: "Show", dice: "Dice", turn: "On roll",
          position: "Position", plays: "Legal plays", after: "After the play", wins: "wins",
          noMove: "no move", passes: "no move: the turn passes", afterPlay: "after",
          needDice: "Enter the dice to see the legal plays." },
    ro: { rules: "Reguli", language: "Limba", show: "Arată", dice: "Zaruri", turn: "La mutare",
          position: "Poziția", plays: "Mutări legale", after: "După mutare", wins: "câștigă",
          noMove: "nicio mutare", passes: "nicio mutare: rândul trece", afterPlay: "după",
          needDice: "Introduceți zarurile pentru a vedea mutările legale." },
  };
  const lang = () => $("lang").value;
  const word = (key) => WORDS[lang()][key];

  function translatePage() {
    document.documentElement.lang = lang();
    document.querySelectorAll("[data-text]").forEach((node) => {
      node.textContent = word(node.dataset.text);
    });
  }

  // -- talking to the API ---------------------------------------------------------------------
  async function post(path, body, accept) {
    const response = await fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: accept || "application/json",
        "Accept-Language": lang(),
      },
      body: JSON.stringify(body),
    });
    const type = response.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await response.json() : await response.text();
    return { ok: response.ok, status: response.status, data };
  }

  class ApiProblem extends Error {
    constructor(problem) {
      super(problem && problem.detail ? problem.detail : "the request failed");
      this.problem = problem;
    }
  }

  async function must(path, body, accept) {
    const answer = await post(path, body, accept);
    if (!answer.ok) throw new ApiProblem(typeof answer.data === "object" ? answer.data : null);
    return answer.data;
  }

  // -- reading the form -----------------------------------------------------------------------
  function sourceOf(text) {
    if (/^board:/i.test(text)) return "fibs";
    if (/^xgid=/i.test(text) || (text.match(/:/g) || []).length >= 9) return "xgid";
    return "gnubg_id";
  }

  function parseDice(text) {
    const digits = (text || "").replace(/[^0-9]/g, "");
    if (!digits) return null;
    if (!/^[1-6][1-6]$/.test(digits)) throw new ApiProblem({ detail: "dice: two digits from 1 to 6, e.g. 31" });
    return [Number(digits[0]), Number(digits[1])];
  }

  // -- drawing --------------------------------------------------------------------------------
  async function drawInto(figureId, body) {
    const svgText = await must("v1/board.svg", body, "image/svg+xml");
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    $(figureId).replaceChildren(svg);
    const title = svg.querySelector("title");
    return title ? title.textContent : "";
  }

  function caption(id, parts) {
    const node = $(id);
    node.replaceChildren();
    parts.forEach((part, index) => {
      if (index) node.append(" · ");
      if (part.code) {
        node.append(part.label + " ");
        const code = document.createElement("code");
        code.textContent = part.code;
        node.append(code);
      } else {
        node.append(part);
      }
    });
  }

  function showError(error) {
    const box = $("error");
    const lines = [error.message || String(error)];
    const problem = error.problem;
    if (problem && problem.errors) {
      for (const [field, messages] of Object.entries(problem.errors)) lines.push(field + ": " + messages.join("; "));
    }
    box.textContent = lines.join("\n");
    box.hidden = false;
  }

  function clearAll() {
    $("error").hidden = true;
    $("plays").replaceChildren();
    $("play-count").textContent = "";
    $("plays-section").hidden = true;
    $("result-section").hidden = true;
    $("result-picture").replaceChildren();
  }

  // -- the two actions ------------------------------------------------------------------------
  async function show(event) {
    if (event) event.preventDefault();
    clearAll();
    const text = $("position-id").value.trim();
    if (!text) return;
    try {
      const dice = parseDice($("dice").value);
      const request = { [sourceOf(text)]: text };
      if ($("turn").value) request.turn = $("turn").value;
      if (dice) request.dice = dice;
      const rules = { preset: $("preset").value };
      current = { request, rules, turn: null, plays: [] };
      location.hash = new URLSearchParams({
        position: text, dice: (dice || []).join(""), preset: rules.preset, lang: lang(),
      }).toString();
      const title = await drawInto("board-picture", request);
      caption("board-caption", [title]);
      // the picture's title says "... to play 3-1" when the side on roll and the dice are known
      if (!/ to play \d-\d/.test(title)) {
        showError(new Error(word("needDice")));
        return;
      }
      const answer = await must("v1/moves", Object.assign({}, request, { rules, include: INCLUDE }));
      current.turn = answer.turn;
      current.plays = answer.plays;
      listPlays(answer.plays);
    } catch (error) {
      showError(error);
    }
  }

  function pipsOf(board) {
    const count = (side) =>
      Object.entries(side.points || {}).reduce((sum, [point, n]) => sum + Number(point) * n, 0) + 25 * (side.bar || 0);
    return "pips: white " + count(board.white) + ", black " + count(board.black);
  }

  function listPlays(plays) {
    const list = $("plays");
    plays.forEach((play, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "play";
      button.dataset.index = String(index);
      button.setAttribute("aria-pressed", "false");
      button.textContent = play.notation || word("noMove");
      button.addEventListener("click", () => choose(index));
      item.append(button);
      list.append(item);
    });
    $("play-count").textContent = "(" + plays.length + ")";
    $("plays-section").hidden = false;
  }

  async function choose(index) {
    const play = current.plays[index];
    document.querySelectorAll("#plays button").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.index === String(index)));
    });
    $("error").hidden = true;
    try {
      const moves = play.moves.map((move) => ({ from: move.from, to: move.to }));
      const highlight = moves.length ? { moves } : {};
      await drawInto("board-picture", Object.assign({}, current.request, highlight));
      // the result: from the play's own GNU ID (opponent to roll, same cube), or its board when the
      // game is over (nobody is on roll then)
      const over = play.outcome && play.outcome.game_over;
      const result = play.gnubg_id && !over ? { gnubg_id: play.gnubg_id } : { board: play.board };
      await drawInto("result-picture", Object.assign(result, { perspective: current.turn }));
      const parts = [play.notation ? word("afterPlay") + " " + play.notation : word("passes"), pipsOf(play.board)];
      if (play.gnubg_id) parts.push({ label: "GNU ID", code: play.gnubg_id });
      if (play.xgid) parts.push({ label: "XGID", code: play.xgid });
      // a play that ends the game carries its localised label and points (the API's words)
      if (over) parts.push(play.outcome.winner + " " + word("wins") + " (" + play.outcome.label + ", " + play.outcome.points + ")");
      caption("result-caption", parts);
      $("result-section").hidden = false;
      $("result-section").dataset.play = String(index);
    } catch (error) {
      showError(error);
    }
  }

  // -- start-up -------------------------------------------------------------------------------
  function start() {
    const params = new URLSearchParams(location.hash.slice(1));
    $("position-id").value = params.get("position") || DEFAULT_POSITION;
    $("dice").value = params.has("position") ? params.get("dice") || "" : DEFAULT_DICE;
    // the choices the server wrote into the page; the first one unless the address names another
    const choose = (id, wanted) => {
      if (Array.from($(id).options).some((option) => option.value === wanted)) $(id).value = wanted;
    };
    choose("preset", params.get("preset"));
    choose("lang", params.get("lang") || (navigator.language || "en").slice(0, 2));
    translatePage();
    $("position-form").addEventListener("submit", show);
    $("preset").addEventListener("change", () => show());
    $("lang").addEventListener("change", () => {
      translatePage();
      show();
    });
    document.querySelectorAll("button[data-position]").forEach((button) => {
      button.addEventListener("click", () => {
        $("position-id").value = button.dataset.position;
        $("dice").value = button.dataset.dice || "";
        $("turn").value = "";
        show();
      });
    });
    show();
  }

  document.addEventListener("DOMContentLoaded", start);
})();
