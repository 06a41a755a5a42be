// Arbitru playground: a small client of the public API (no framework, no build step).
// Flow: the pasted ID (+ dice), or with no ID the preset's game (POST v1/start's board, then the
// board after each play the user plays on from) -> POST v1/board.svg (the picture) and POST v1/moves
// with the chosen rules preset (the legal plays), asking "include": ["gnubg_id", "xgid"] only for a
// preset whose variant has IDs (the server marks those options data-ids="true"); a click on a play
// draws it as arrows and shows the resulting position (from the play's own GNU ID, or its board with
// the turn passed to the opponent where there is no ID); "play on" makes that the position.
// The chosen language goes to the API as Accept-Language (its messages and result labels) and
// translates the page's own words: every word shown comes from the message catalogue, which the
// server writes into the page for every language (the #words data block, by the page's name for
// each word); the page starts in the address's #lang= or else the language it was served in.
// A turn is also built on the picture one checker at a time: the picture is asked with `targets`
// (each point, the bar and the tray marked data-point in the mover's numbering), a click on a
// checker marks where /v1/turn's `reach` says it can go, a click on one of those sends the hops of
// its path to /v1/turn and draws the board after them (a hit checker on the bar, a pinned one
// crossed), "undo" sends one hop fewer, a forced rest (/v1/turn says `forced`: one board remains)
// is offered as one button that sends its `completion`, and a complete turn is played as a click on
// its play in the list would (the play's result and "play on").
"use strict";

(function () {
  const DEFAULT_POSITION = "4HPwATDgc/ABMA:cAkAAAAAAAAA";
  const DEFAULT_DICE = "31";
  const INCLUDE = ["gnubg_id", "xgid"];
  const $ = (id) => document.getElementById(id);
  let current = null; // {request, rules, turn, next, plays}
  let game = null; // a game followed by its JSON board: {preset, board, turn}
  let shown = 0; // the latest show(): an earlier one still waiting for the API draws nothing more
  // the turn being built on the picture: the hops made, /v1/turn's answer for them, the point chosen
  let builder = { hops: [], answer: null, from: null };
  // The page's own words (the catalogue's, written by the server); the API's (errors, result
  // labels) follow Accept-Language.
  const WORDS = JSON.parse($("words").textContent);
  // the bar's and off's names in the play notation (the server's, the same in every language)
  const NOTATION = JSON.parse($("notation").textContent);
  const lang = () => $("lang").value;
  const word = (key) => WORDS[lang()][key];
  // a word with its {name} fields filled in
  const fill = (key, values) => word(key).replace(/\{(\w+)\}/g, (field, name) => String(values[name]));
  // whether the chosen preset's variant has position IDs (written by the server from ID_VARIANTS)
  const hasIds = () => $("preset").selectedOptions[0].dataset.ids === "true";

  function translatePage() {
    document.documentElement.lang = lang();
    document.title = word("title");
    document.querySelectorAll("[data-text]").forEach((node) => {
      node.textContent = word(node.dataset.text);
    });
    document.querySelectorAll("[data-placeholder]").forEach((node) => {
      node.placeholder = word(node.dataset.placeholder);
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
      super(problem && problem.detail ? problem.detail : word("request_failed"));
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
    if (!/^[1-6][1-6]$/.test(digits)) throw new ApiProblem({ detail: word("dice_format") });
    return [Number(digits[0]), Number(digits[1])];
  }

  // -- drawing --------------------------------------------------------------------------------
  // draws nothing when `stale()` says a later action has begun meanwhile (its answer came first)
  async function drawInto(figureId, body, stale = () => false) {
    const svgText = await must("v1/board.svg", body, "image/svg+xml");
    if (stale()) return "";
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
    builder = { hops: [], answer: null, from: null };
    $("builder").hidden = true;
    $("plays").replaceChildren();
    $("play-count").textContent = "";
    $("plays-section").hidden = true;
    $("result-section").hidden = true;
    $("result-picture").replaceChildren();
  }

  // -- the actions ----------------------------------------------------------------------------
  // The position without an ID: the game followed so far, else the preset's start (white on roll
  // unless the form says otherwise: the opening roll decides it in a real game).
  async function gamePosition(rules) {
    if (!game || game.preset !== rules.preset) {
      const started = await must("v1/start", { rules });
      game = { preset: rules.preset, board: started.board, turn: "white" };
    }
    return { board: game.board, turn: game.turn };
  }

  async function show(event) {
    if (event) event.preventDefault();
    clearAll();
    const ticket = ++shown;
    const stale = () => ticket !== shown;
    const text = $("position-id").value.trim();
    try {
      const dice = parseDice($("dice").value);
      const rules = { preset: $("preset").value };
      const request = text ? { [sourceOf(text)]: text } : await gamePosition(rules);
      if (stale()) return;
      if ($("turn").value) request.turn = $("turn").value;
      if (dice) request.dice = dice;
      current = { request, rules, turn: null, next: null, plays: [] };
      location.hash = new URLSearchParams({
        position: text, dice: (dice || []).join(""), preset: rules.preset, lang: lang(),
      }).toString();
      const title = await drawInto("board-picture", Object.assign({ rules, targets: true }, request), stale);
      if (stale()) return;
      caption("board-caption", [title]);
      // the picture's title says "... to play 3-1" ("... la mutare 3-1") when the side on roll and
      // the dice are known: the roll is its only "d-d"
      if (!/ [1-6]-[1-6]\b/.test(title)) {
        showError(new Error(word("need_dice")));
        return;
      }
      const include = hasIds() ? { include: INCLUDE } : {};
      const answer = await must("v1/moves", Object.assign({}, request, { rules }, include));
      if (stale()) return;
      current.turn = answer.turn;
      current.next = answer.next_turn;
      current.dice = answer.dice;
      current.plays = answer.plays;
      listPlays(answer.plays);
      // an ID's cube, drawn on the boards of the turn being built as on the ID's picture
      if (text) current.cube = (await must("v1/convert", Object.assign({ rules }, request))).cube;
      if (stale()) return;
      await buildTurn([], stale, true);
    } catch (error) {
      if (!stale()) showError(error);
    }
  }

  function pipsOf(board) {
    const count = (side) =>
      Object.entries(side.points || {}).reduce((sum, [point, n]) => sum + Number(point) * n, 0) +
      (side.pinned || []).reduce((sum, point) => sum + point, 0) + 25 * (side.bar || 0);
    return fill("pips", { white: count(board.white), black: count(board.black) });
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
      button.textContent = play.notation || word("no_move");
      button.addEventListener("click", () => choose(index));
      item.append(button);
      list.append(item);
    });
    $("play-count").textContent = "(" + plays.length + ")";
    $("plays-section").hidden = false;
  }

  // A play chosen in the list (drawn as arrows on the position; the turn being built is left), or
  // the turn built on the picture once complete (`built`: the picture already shows its board).
  async function choose(index, built = false) {
    const play = current.plays[index];
    document.querySelectorAll("#plays button").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.index === String(index)));
    });
    $("error").hidden = true;
    try {
      if (!built) {
        $("builder").hidden = true;
        builder = { hops: [], answer: null, from: null };
        const moves = play.moves.map((move) => ({ from: move.from, to: move.to }));
        const highlight = moves.length ? { moves } : {};
        await drawInto("board-picture", Object.assign({ rules: current.rules }, current.request, highlight));
      }
      const over = play.outcome && play.outcome.game_over;
      const result = resultOf(play, over);
      await drawInto("result-picture", Object.assign({ rules: current.rules, perspective: current.turn }, result));
      const said = play.notation ? fill("after_play", { play: play.notation }) : word("passes");
      const parts = [said, pipsOf(play.board)];
      if (play.gnubg_id) parts.push({ label: word("gnubg_id"), code: play.gnubg_id });
      if (play.xgid) parts.push({ label: "XGID", code: play.xgid });
      // a play that ends the game carries its localised label and points (the API's words)
      if (over) parts.push(outcomeText(play.outcome));
      caption("result-caption", parts);
      $("result-section").hidden = false;
      $("result-section").dataset.play = String(index);
      $("play-on").hidden = Boolean(over);
    } catch (error) {
      showError(error);
    }
  }

  // -- a turn built on the picture --------------------------------------------------------------
  // a hop in the play notation (`24/18*`, `bar/22`, `6/off`)
  const pointText = (point) => NOTATION[point] || String(point);
  const hopText = (hop) => pointText(hop.from) + "/" + pointText(hop.to) + (hop.hit ? "*" : "");
  // the hops made so far, as /v1/turn takes them back
  const madeHops = () => builder.hops.map((hop) => ({ from: hop.from, to: hop.to, die: hop.die }));
  let building = false; // a hop or an undo waiting for the API: further clicks wait for it

  // /v1/turn for `hops`; the board after them drawn (unless `drawn`: show() has just drawn the
  // position) with its points marked for clicks. A hop the API refuses (the page offers none) is
  // said with the API's reason and the turn stays as it was.
  async function buildTurn(hops, stale = () => false, drawn = false) {
    const request = Object.assign({ rules: current.rules }, current.request, { hops });
    const answer = await must("v1/turn", request);
    if (stale()) return;
    if (!answer.legal) throw new ApiProblem({ detail: answer.reason.message });
    if (!drawn) {
      const after = { board: answer.board, turn: current.turn, dice: current.dice };
      if (current.cube) after.cube = current.cube;
      const position = hops.length ? after : current.request;
      const body = Object.assign({ rules: current.rules, targets: true }, position);
      const title = await drawInto("board-picture", body, stale);
      if (stale()) return;
      caption("board-caption", [title]);
    }
    builder = { hops: answer.hops, answer, from: null };
    $("result-section").hidden = true;
    markTargets();
    if (answer.complete && hops.length) {
      const played = answer.play.notation;
      const index = current.plays.findIndex((play) => play.notation === played);
      if (index >= 0) await choose(index, true);
    } else {
      document.querySelectorAll("#plays button").forEach((b) => b.setAttribute("aria-pressed", "false"));
    }
  }

  // A point as the page names it to a screen reader (the bar, off, "point 7").
  const pointName = (point) => {
    if (point === 25) return word("on_bar");
    return point === 0 ? word("borne_off") : fill("point_n", { n: point });
  };

  // The points' marks: the checkers that may move (movable), the chosen one and where it can go;
  // those are buttons a keyboard reaches too (Tab, then Enter or Space).
  function markTargets() {
    const reach = builder.answer ? builder.answer.reach : [];
    const froms = new Set(reach.map((route) => route.from));
    const tos = new Set(reach.filter((route) => route.from === builder.from).map((route) => route.to));
    document.querySelectorAll("#board-picture [data-point]").forEach((area) => {
      const point = Number(area.dataset.point);
      area.classList.toggle("movable", builder.from === null && froms.has(point));
      area.classList.toggle("chosen", point === builder.from);
      area.classList.toggle("reach", tos.has(point));
      const active = ["movable", "chosen", "reach"].some((mark) => area.classList.contains(mark));
      if (active) {
        area.setAttribute("tabindex", "0");
        area.setAttribute("role", "button");
        area.setAttribute("aria-label", pointName(point));
      } else {
        ["tabindex", "role", "aria-label"].forEach((name) => area.removeAttribute(name));
      }
    });
    const status = [];
    if (builder.from !== null) {
      status.push(fill("pick_to", { from: builder.from === 25 ? word("on_bar") : builder.from }));
    } else if (froms.size) {
      status.push(word("pick"));
    }
    if (builder.hops.length) status.push(fill("moved", { hops: builder.hops.map(hopText).join(" ") }));
    $("builder-status").textContent = status.join(" ");
    $("undo-hop").hidden = !builder.hops.length;
    const rest = forcedRest();
    $("forced-rest").hidden = !rest.length;
    if (rest.length) $("forced-rest").textContent = fill("forced_rest", { hops: rest.map(hopText).join(" ") });
    $("builder").hidden = !status.length && !rest.length;
  }

  // The hops that finish the turn when only one board can still be reached (/v1/turn's `forced`
  // and `completion`); none once the turn is complete or while more than one board remains.
  function forcedRest() {
    const answer = builder.answer;
    return answer && answer.forced && !answer.complete && answer.completion ? answer.completion : [];
  }

  // The turn after `hops` (one at a time: clicks meanwhile are ignored; a show() begun meanwhile
  // wins, its answer coming later or not).
  async function makeHops(hops) {
    if (building) return;
    building = true;
    const ticket = shown;
    $("error").hidden = true;
    try {
      await buildTurn(hops, () => ticket !== shown);
    } catch (error) {
      if (ticket === shown) showError(error);
    } finally {
      building = false;
    }
  }

  // A click on the picture: on a marked point the chosen checker goes there (the hops of the first
  // path that reaches it), on a checker that may move it is chosen, anywhere else nothing is.
  function clickPicture(event) {
    const area = event.target.closest ? event.target.closest("[data-point]") : null;
    if (!builder.answer || !area || building) return;
    const point = Number(area.dataset.point);
    const reach = builder.answer.reach;
    const route = reach.find((r) => r.from === builder.from && r.to === point);
    if (route) {
      const hops = route.path.slice(1).map((to, i) => ({ from: route.path[i], to, die: route.dice[i] }));
      makeHops(madeHops().concat(hops));
      return;
    }
    const movable = point !== builder.from && reach.some((r) => r.from === point);
    builder.from = movable ? point : null;
    markTargets();
  }

  const undo = () => makeHops(madeHops().slice(0, -1));
  // the forced rest in one click: the hops made and the completion, which make the turn complete
  const finishForced = () => {
    const rest = forcedRest().map((hop) => ({ from: hop.from, to: hop.to, die: hop.die }));
    if (rest.length) makeHops(madeHops().concat(rest));
  };

  // The result: from the play's own GNU ID (opponent to roll, same cube), from its board with the turn
  // passed to the opponent where the variant has no ID, or its bare board when the game is over
  // (nobody is on roll then).
  function resultOf(play, over) {
    if (over) return { board: play.board };
    if (play.gnubg_id) return { gnubg_id: play.gnubg_id };
    return { board: play.board, turn: current.next };
  }

  // the API's localised label and points; a tie (Plakoto's mother rule) has no winner
  function outcomeText(outcome) {
    const scored = " (" + outcome.label + ", " + outcome.points + ")";
    return outcome.winner ? fill("wins", { winner: word(outcome.winner) }) + scored : scored.trim();
  }

  // The shown result becomes the position: its GNU ID in the box, or the followed game's board.
  function playOn() {
    const play = current.plays[Number($("result-section").dataset.play)];
    if (play.gnubg_id) {
      $("position-id").value = play.gnubg_id;
    } else {
      game = { preset: current.rules.preset, board: play.board, turn: current.next };
      $("position-id").value = "";
    }
    $("dice").value = "";
    $("turn").value = "";
    show();
  }

  // -- start-up -------------------------------------------------------------------------------
  function start() {
    const params = new URLSearchParams(location.hash.slice(1));
    $("position-id").value = params.has("position") ? params.get("position") : DEFAULT_POSITION;
    $("dice").value = params.has("position") ? params.get("dice") || "" : DEFAULT_DICE;
    // the choices the server wrote into the page; the first one unless the address names another
    const choose = (id, wanted) => {
      if (Array.from($(id).options).some((option) => option.value === wanted)) $(id).value = wanted;
    };
    choose("preset", params.get("preset"));
    choose("lang", params.get("lang") || document.documentElement.lang);
    translatePage();
    $("position-form").addEventListener("submit", show);
    // a preset without IDs starts its own game (no ID can hold its positions)
    $("preset").addEventListener("change", () => {
      if (!hasIds()) $("position-id").value = "";
      show();
    });
    $("start").addEventListener("click", () => {
      game = null;
      $("position-id").value = "";
      show();
    });
    $("play-on").addEventListener("click", playOn);
    $("board-picture").addEventListener("click", clickPicture);
    $("board-picture").addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      clickPicture(event);
    });
    $("undo-hop").addEventListener("click", undo);
    $("forced-rest").addEventListener("click", finishForced);
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
