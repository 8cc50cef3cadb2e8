// cavemind's page: a plain ES module talking to the JSON API of cavemind.web.app (docs/web.md).
// The server sends only the human seat's view; this page never asks for anything else.

const $ = (selector) => document.querySelector(selector);
// The SVG classes of the pictures (cavemind.svg) that stand for a place a move names: an element classed
// "<kind> <target>" is clickable when a legal move's name has <target> among its words ("space r0c4" names
// "to r0c4", "place c6:fish-type/v1" names "ceremony c6:fish-type/v1"), or the words of a target joined by "-"
// as consecutive words ("place paint-2" names "paint 2").
const PLACE_KINDS = ["cell", "place", "field", "space", "location", "period", "holy-place", "item"];

let current = null;        // the view the server sent last
let socket = null;         // the live analysis or the AI's search being watched, while it runs
let busy = false;          // a request that changes the game is under way

async function api(method, path, body, raw = false) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = raw ? body : JSON.stringify(body);
    init.headers["content-type"] = raw ? "text/plain" : "application/json";
  }
  const response = await fetch(path, init);
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || `${response.status}`);
  return doc;
}

function showError(error) {
  const box = $("#error");
  box.textContent = error ? String(error.message || error) : "";
  box.hidden = !error;
}

async function guarded(action) {
  if (busy) return;
  busy = true;
  document.body.classList.add("busy");
  try { showError(null); await action(); } catch (error) { showError(error); } finally {
    busy = false;
    document.body.classList.remove("busy");
  }
}

// ------------------------------------------------------------------------------------------ new game

let catalogue = null;

async function loadCatalogue() {
  catalogue = await api("GET", "/api/catalogue");
  const select = $("#game-name");
  for (const game of catalogue.games) select.add(new Option(game.name, game.name));
  select.value = "tictactoe";
  select.addEventListener("change", fillForm);
  $("#players").addEventListener("change", fillSeats);
  fillForm();
}

function gameEntry() { return catalogue.games.find((g) => g.name === $("#game-name").value); }

function fillForm() {
  const entry = gameEntry();
  const players = entry.parameters.players;
  const playersInput = $("#players");
  playersInput.value = players ? players.default : 2;
  playersInput.disabled = !players || (players.choices && players.choices.length === 1);
  if (players && players.choices) {
    playersInput.min = Math.min(...players.choices);
    playersInput.max = Math.max(...players.choices);
  }
  const options = $("#options");
  options.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Options" }));
  for (const [name, spec] of Object.entries(entry.parameters)) {
    if (name === "players") continue;
    const label = document.createElement("label");
    label.textContent = `${name} `;
    let input;
    if (spec.choices) {
      input = document.createElement("select");
      for (const choice of spec.choices) input.add(new Option(String(choice), JSON.stringify(choice)));
      input.value = JSON.stringify(spec.default);
    } else if (spec.type === "bool") {
      input = Object.assign(document.createElement("input"), { type: "checkbox", checked: !!spec.default });
    } else {
      input = Object.assign(document.createElement("input"), { type: "number", step: "any", value: spec.default });
    }
    input.dataset.option = name;
    input.dataset.kind = spec.choices ? "json" : spec.type;
    label.title = spec.help || "";
    label.append(input);
    options.append(label);
  }
  fillSeats();
}

function fillSeats() {
  const seats = $("#seats");
  const count = Number($("#players").value) || 2;
  seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Seats (human or a bot)" }));
  for (let seat = 0; seat < count; seat++) {
    const label = document.createElement("label");
    label.textContent = `seat ${seat} `;
    const input = Object.assign(document.createElement("input"), { value: seat === 0 ? "human" : catalogue.botPresets[0] });
    input.setAttribute("list", "bot-presets");
    input.dataset.seat = seat;
    label.append(input);
    seats.append(label);
  }
  let presets = $("#bot-presets");
  if (!presets) {
    presets = Object.assign(document.createElement("datalist"), { id: "bot-presets" });
    for (const spec of [catalogue.human, ...catalogue.botPresets]) presets.append(new Option(spec, spec));
    document.body.append(presets);
  }
}

function formRequest() {
  const request = { game: $("#game-name").value, options: {}, dealSeed: Number($("#deal-seed").value) || 0 };
  if (!$("#players").disabled) request.players = Number($("#players").value);
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const kind = input.dataset.kind;
    request.options[input.dataset.option] = kind === "bool" ? input.checked
      : kind === "json" ? JSON.parse(input.value) : Number(input.value);
  }
  request.seats = [...document.querySelectorAll("#seats [data-seat]")].map((input) => input.value.trim());
  return request;
}

// ------------------------------------------------------------------------------------------ playing

function showSection(name) {
  for (const id of ["new-game", "play", "review-view"]) $(`#${id}`).hidden = id !== name;
}

async function show(view) {
  stopAnalysis();
  if (view.passTo !== undefined) {
    current = view;
    passDevice(view.passTo);
    return;
  }
  current = view;
  showSection("play");
  render(view);
  if (view.aiToMove && !view.finished) {
    await new Promise((resolve) => setTimeout(resolve, 0));     // let the page draw the last move first
    await show($("#watch-ai").checked ? await watchAiMove(view) : await api("POST", `/api/games/${view.id}/ai-move`));
  }
}

function render(view) {
  document.body.dataset.game = view.id;       // which game the page shows (tests and bug reports read it)
  $("#board").innerHTML = view.board || "";
  const who = view.viewer === null ? "" : `You are seat ${view.viewer}. `;
  let state;
  if (view.finished) {
    const best = Math.max(...view.returns);
    const winners = view.returns.flatMap((r, i) => (r === best ? [i] : []));
    state = `Game over: ${winners.length === view.players ? "a draw" : `seat ${winners.join(", ")} won`}; ` +
            `scores ${view.scores.join(" : ")}.`;
  } else if (view.aiToMove) {
    state = `Seat ${view.toMove} (${view.seats[view.toMove]}) is thinking…`;
  } else {
    state = `Seat ${view.toMove} to move.`;
  }
  $("#status").textContent = `${view.game}, ply ${view.ply}. ${who}${state}`;
  const moves = $("#moves");
  moves.replaceChildren(...view.legalMoves.map((move) => {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: move.name });
    button.dataset.action = move.action;
    button.addEventListener("click", () => play(move.action));
    return button;
  }));
  $("#moves-box").hidden = view.legalMoves.length === 0;
  const log = $("#log");
  // The moves played only grow while one seat watches one game: add the new ones (a long game has thousands).
  const key = `${view.id}:${view.viewer}`;
  if (log.dataset.key !== key || log.children.length > view.log.length) {
    log.replaceChildren();
    log.dataset.key = key;
  }
  log.append(...view.log.slice(log.children.length).map((event) => {
    const item = document.createElement("li");
    item.textContent = event.mover === "chance" ? `chance: ${event.words}` : `seat ${event.mover}: ${event.words}`;
    if (event.mover === "chance") item.className = "chance";
    return item;
  }));
  log.scrollTop = log.scrollHeight;
  showChance(view);
  $("#undo").disabled = view.viewer === null;
  $("#hint").disabled = view.legalMoves.length === 0;
  $("#save-record").disabled = !view.everythingShown;
  $("#save-record").title = view.everythingShown ? "" : "the saved game holds hidden cards: it is there once the game is over";
  $("#save-position").disabled = view.viewer === null;
  $("#review").disabled = !view.everythingShown;
  markBoardTargets(view);
}

// The board's places that legal moves name become clickable; a click plays the move when only one matches,
// and otherwise marks the matching moves in the list.
function markBoardTargets(view) {
  if (!view.legalMoves.length) return;
  const names = view.legalMoves.map((move) => ({ move, spaced: ` ${move.name.toLowerCase().split(/\s+/).join(" ")} ` }));
  for (const element of document.querySelectorAll("#board svg [class]")) {
    const classes = element.getAttribute("class").split(/\s+/);
    if (classes.length < 2 || !PLACE_KINDS.includes(classes[0])) continue;
    const word = ` ${classes[1].toLowerCase()} `;
    const words = ` ${classes[1].toLowerCase().split("-").join(" ")} `;
    const matching = names.filter((entry) => entry.spaced.includes(word) || entry.spaced.includes(words))
      .map((entry) => entry.move);
    if (!matching.length) continue;
    element.classList.add("clickable");
    element.dataset.moves = matching.map((m) => m.action).join(" ");
    element.addEventListener("click", () => {
      if (matching.length === 1) { play(matching[0].action); return; }
      for (const button of document.querySelectorAll("#moves button")) {
        button.classList.toggle("chosen", matching.some((m) => String(m.action) === button.dataset.action));
      }
      document.querySelector("#moves button.chosen")?.scrollIntoView({ block: "nearest" });
    });
  }
}

// The dice rolled and the cards drawn since the viewer last decided, as the viewer perceived them.
function showChance(view) {
  let since = view.log.length;
  while (since > 0 && view.log[since - 1].mover !== view.viewer) since--;
  const events = view.log.slice(since).filter((event) => event.mover === "chance");
  $("#chance").replaceChildren(...events.map((event) => {
    const die = /^(?:roll|die)\s+(\d+)$/i.exec(event.name);
    const picture = document.createElement("span");
    picture.className = die ? "die" : "drawn";
    picture.textContent = die ? die[1] : event.name.replace(/^(?:draw|reveal)\s+/i, "");
    picture.title = `chance: ${event.words}`;
    return picture;
  }));
  $("#chance-box").hidden = events.length === 0;
}

function play(action) {
  return guarded(async () => {
    await show(await api("POST", `/api/games/${current.id}/play`, { move: action, seat: current.viewer }));
  });
}

function passDevice(seat) {
  $("#board").innerHTML = "";
  $("#pass-title").textContent = `Pass the device to seat ${seat}`;
  $("#pass-ready").textContent = `I am seat ${seat}: show my view`;
  $("#pass-ready").onclick = () => guarded(async () => {
    $("#pass-device").hidden = true;
    await show(await api("GET", `/api/games/${current.id}?seat=${seat}`));
  });
  $("#pass-device").hidden = false;
}

function download(doc, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 1)], { type: "application/json" }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

// ------------------------------------------------------------------------------------------ analysis

function searchSocket() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return new WebSocket(`${scheme}://${location.host}/api/games/${current.id}/analysis`);
}

function startAnalysis() {
  stopAnalysis();
  socket = searchSocket();
  $("#analysis").hidden = false;
  $("#analysis-title").textContent = "Analysis";
  $("#stop-analysis").textContent = "Stop";
  $("#analysis-status").textContent = "starting…";
  socket.onopen = () => socket.send(JSON.stringify({ action: "start", seconds: 60, top: 8 }));
  socket.onmessage = (message) => {
    const doc = JSON.parse(message.data);
    if (doc.type === "error") { $("#analysis-status").textContent = doc.error; return; }
    showAnalysis(doc);
    if (doc.type === "final") { socket.close(); socket = null; }
  };
}

// The AI's move, its search shown as it thinks where the server may show it (else only that it thinks); the
// Stop button says "Move now". Resolves to the next screen.
function watchAiMove(view) {
  stopAnalysis();
  const seat = view.toMove;
  return new Promise((resolve, reject) => {
    const watching = searchSocket();
    socket = watching;
    watching.onopen = () => watching.send(JSON.stringify({ action: "ai-move", top: 8 }));
    watching.onmessage = (message) => {
      const doc = JSON.parse(message.data);
      if (doc.type === "thinking") {
        $("#analysis").hidden = false;
        $("#analysis-title").textContent = `Seat ${seat} is thinking`;
        $("#stop-analysis").textContent = "Move now";
        if (doc.hidden) {
          $("#analysis-status").textContent = `thinking for ${doc.seconds.toFixed(1)} s; its candidate moves stay ` +
            "hidden: it holds something you cannot see";
          $("#analysis-table tbody").replaceChildren();
        } else {
          showAnalysis({ ...doc, type: "report" });
        }
        return;
      }
      watching.onclose = null;
      watching.close();
      if (socket === watching) socket = null;
      $("#analysis").hidden = true;
      if (doc.type === "played") resolve(doc.view); else reject(new Error(doc.error));
    };
    watching.onclose = () => reject(new Error("the connection to the server closed during the AI's move"));
  });
}

function stopAnalysis() {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ action: "stop" }));
}

function showAnalysis(doc) {
  const root = doc.rootInfo;
  const state = doc.type === "final" ? (doc.stopped ? "stopped" : "done") : "searching";
  $("#analysis-status").textContent =
    `${state}: ${root.iterations.toLocaleString()} iterations in ${root.seconds.toFixed(1)} s, value ${root.value.toFixed(3)}`;
  const total = root.visits || 1;
  $("#analysis-table tbody").replaceChildren(...doc.moveInfos.map((info) => {
    const row = document.createElement("tr");
    const spread = info.valueStderr === null ? "" : ` ± ${info.valueStderr.toFixed(3)}`;
    for (const text of [info.move, info.visits.toLocaleString(), `${(100 * info.visits / total).toFixed(1)}%`,
                        `${info.value.toFixed(3)}${spread}`, info.pv.slice(0, 8).join(", ")]) {
      row.append(Object.assign(document.createElement("td"), { textContent: text }));
    }
    return row;
  }));
}

// ------------------------------------------------------------------------------------------ review

async function openReview() {
  showSection("review-view");
  $("#review-status").textContent = "reviewing every decision…";
  $("#review-graph").innerHTML = "";
  $("#review-table tbody").replaceChildren();
  const result = await api("POST", `/api/games/${current.id}/review`, {});
  const review = result.review;
  $("#review-graph").innerHTML = result.graph;
  const flagged = review.moves.filter((m) => m.flag).length;
  $("#review-status").textContent = `${review.moves.length} decisions reviewed, ${flagged} flagged. ` +
    review.summary.map((s) => `seat ${s.player}: accuracy ${s.accuracy.toFixed(0)}`).join("; ") +
    ". Click a decision to see its position and the best line.";
  $("#review-table tbody").replaceChildren(...review.moves.map((move) => {
    const row = document.createElement("tr");
    if (move.flag) row.className = `flag-${move.flag}`;
    for (const text of [move.entry, move.player, move.played, move.played_value.toFixed(3), move.best,
                        move.best_value.toFixed(3), move.loss.toFixed(3), move.flag || ""]) {
      row.append(Object.assign(document.createElement("td"), { textContent: String(text) }));
    }
    row.addEventListener("click", () => guarded(async () => {
      for (const other of document.querySelectorAll("#review-table tr.selected")) other.classList.remove("selected");
      row.classList.add("selected");
      const position = await api("GET", `/api/games/${current.id}/position-at?ply=${move.entry}`);
      $("#review-board").innerHTML = position.board;
      $("#review-line").textContent = `Played ${move.played}; best ${move.best}: ${move.best_line.join(", ")}`;
    }));
    return row;
  }));
}

// ------------------------------------------------------------------------------------------ wiring

function wire() {
  $("#show-new").addEventListener("click", () => { stopAnalysis(); showSection("new-game"); });
  $("#new-game-form").addEventListener("submit", (event) => {
    event.preventDefault();
    guarded(async () => show(await api("POST", "/api/games", formRequest())));
  });
  $("#load-file").addEventListener("change", (event) => guarded(async () => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > 1_000_000) throw new Error(`${file.name}: larger than 1 MB`);
    show(await api("POST", "/api/games/load", await file.text(), true));
  }));
  $("#undo").addEventListener("click", () => guarded(async () => show(await api("POST", `/api/games/${current.id}/undo`))));
  $("#hint").addEventListener("click", startAnalysis);
  $("#stop-analysis").addEventListener("click", stopAnalysis);
  $("#save-record").addEventListener("click", () => guarded(async () => {
    download(await api("GET", `/api/games/${current.id}/record`), `${current.game}-deal${current.dealSeed}.json`);
  }));
  $("#save-position").addEventListener("click", () => guarded(async () => {
    const seat = current.viewer;
    download(await api("GET", `/api/games/${current.id}/position?seat=${seat}`), `${current.game}-seat${seat}.json`);
  }));
  $("#review").addEventListener("click", () => guarded(openReview));
  $("#close-review").addEventListener("click", () => showSection("play"));
}

wire();
loadCatalogue().catch(showError);
