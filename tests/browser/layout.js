// What a reader sees go wrong on a page, measured in the page as it is laid out now. Run by
// tests/browser/test_layout.py with page.evaluate: returns a list of faults, each
// {kind, text, where}. Kinds:
//   broken   a word (a run of letters, digits and signs between spaces) drawn on two lines;
//   clipped  text wider or taller than a box that hides what overflows it, or than a button,
//            a cell, a label, a summary or a bordered box it spills out of;
//   overlap  two controls whose boxes intersect by more than a pixel;
//   sideways the page scrolls sideways;
//   narrow   a drop-down narrower than the first word of one of its choices.
async () => {
  // First let the page draw a frame (or two): a resize's handlers (the scoresheet's) have run.
  for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
  const faults = [];
  const SLACK = 1; // a pixel of rounding

  const where = (element) => {
    const parts = [];
    for (let node = element; node && node.nodeType === 1 && parts.length < 4; node = node.parentElement) {
      let part = node.localName;
      if (node.id) { parts.unshift(`${part}#${node.id}`); break; }
      const classes = [...node.classList].slice(0, 2);
      if (classes.length) part += "." + classes.join(".");
      parts.unshift(part);
    }
    return parts.join(" > ");
  };
  // Inside a closed <details>, hidden or transparent: not seen, not measured.
  const shown = (element) => element.getClientRects().length > 0 &&
    element.checkVisibility({contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true});
  // Text made for screen readers alone (a 1 px box that clips) is never seen: not measured.
  const hidden = new Map();
  const unseen = (element) => {
    if (!hidden.has(element)) hidden.set(element, hiddenHow(element));
    return hidden.get(element);
  };
  const hiddenHow = (element) => {
    for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.clip !== "auto" && style.position === "absolute") return true;
      if (style.clipPath !== "none" || style.opacity === "0") return true;
      if (style.overflow !== "visible" && (node.clientWidth <= 1 || node.clientHeight <= 1)) return true;
    }
    return false;
  };
  const floats = (element) => {
    for (let node = element; node && node.nodeType === 1; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === "sticky" || position === "fixed") return true;
    }
    return false;
  };

  // (a) Words broken across lines. Spaces separate words; a no-break space joins them (a sign
  // and its number). A word may run on across elements within one line box ("−<b>100</b>").
  const SPACE = /[ \t\n\r\f\u1680\u2000-\u2006\u2008-\u200b\u2028\u2029\u205f\u3000]/;
  const flow = (element) => {
    for (let node = element; node; node = node.parentElement) {
      const display = getComputedStyle(node).display;
      if (display !== "inline" && display !== "contents") return node;
    }
    return document.body;
  };
  // Addresses and fingerprints are strings to copy, not words: they may break anywhere.
  const machineText = (word) => /:\/\/|^[0-9A-F]{2}(:[0-9A-F]{2}){7,}/.test(word);
  // Two boxes of text are on one line when their middles are closer than half a box's height
  // (lines set tight overlap their boxes: a line's top can be above the last one's bottom).
  const sameLine = (a, b) =>
    Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) < Math.min(a.height, b.height) / 2;
  const lines = (rects) => {
    const seen = [];
    for (const rect of rects) {
      if (rect.width < 0.5 || rect.height < 0.5) continue;
      if (!seen.some((other) => sameLine(rect, other))) seen.push(rect);
    }
    return seen.length;
  };
  const words = [];
  let word = null; // {pieces: [[node, start, end]], text, flow}
  const endWord = () => {
    if (word && word.text.length > 1) words.push(word);
    word = null;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
    acceptNode(node) {
      if (node.nodeType === 1) {
        const name = node.localName;
        if (["script", "style", "noscript", "template", "select", "textarea", "svg", "option"].includes(name)) {
          return NodeFilter.FILTER_REJECT;
        }
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  let previousFlow = null;
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.nodeType === 1) {
      // A line break, an image or a control between two runs of letters ends a word.
      if (["br", "wbr", "img", "input", "button"].includes(text.localName)) endWord();
      continue;
    }
    const parent = text.parentElement;
    if (!shown(parent) || unseen(parent)) { endWord(); continue; }
    const here = flow(parent);
    if (here !== previousFlow) endWord();
    previousFlow = here;
    const value = text.data;
    for (let i = 0; i < value.length; i++) {
      if (SPACE.test(value[i])) { endWord(); continue; }
      if (!word) word = {pieces: [], text: ""};
      const last = word.pieces[word.pieces.length - 1];
      if (last && last[0] === text && last[2] === i) last[2] = i + 1;
      else word.pieces.push([text, i, i + 1]);
      word.text += value[i];
    }
  }
  endWord();
  // Where a line may end inside a run of letters, as a reader expects: after a hyphen between
  // a letter or digit and a letter ("thrown-|in", "4-|card", "ცალ-|ცალკე"), after a dash or
  // an ellipsis ("9–|12", "1…|8"), after a slash or a comma before anything but a digit ("×2/|×4"). Never inside a
  // word, nor a number ("-100|0"), nor after a sign ("−|(cards", "-|-ruleset"), nor between a
  // Georgian ending and the name, number or sign it is hyphened to ("Bob-|ის", "1-|ს", "≠-|ით").
  const GEORGIAN = /[\u10a0-\u10ff\u1c90-\u1cbf]/u;
  const breaksWell = (text, at) => {
    const before = text[at - 2] || "", after = text[at - 1], next = text[at] || "";
    if (!before || /\s/.test(before)) return false;
    if ("-\u2010".includes(after)) {
      if (GEORGIAN.test(next) && !GEORGIAN.test(before)) return false;
      return /[\p{L}\p{N})\]]/u.test(before) && /\p{L}/u.test(next);
    }
    if ("\u2013\u2014\u2026".includes(after)) return true;
    if ("/,".includes(after)) return !/\p{N}/u.test(next);
    return false;
  };
  const splits = (found) => {
    // Each character's line: a character not on the last one's line starts one.
    const characters = [];
    for (const [node, start, end] of found.pieces) {
      for (let i = start; i < end; i++) characters.push([node, i]);
    }
    const starts = [];
    let previous = null;
    characters.forEach(([node, i], at) => {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()].find((r) => r.width > 0 && r.height > 0);
      if (!rect) return;
      if (previous && !sameLine(rect, previous)) starts.push(at);
      previous = rect;
    });
    return starts;
  };
  for (const found of words) {
    if (machineText(found.text)) continue;
    const range = document.createRange();
    const [first] = found.pieces;
    const last = found.pieces[found.pieces.length - 1];
    range.setStart(first[0], first[1]);
    range.setEnd(last[0], last[2]);
    if (lines(range.getClientRects()) < 2) continue;
    const bad = splits(found).filter((at) => !breaksWell(found.text, at));
    if (bad.length) {
      let shown = "";
      found.text.split("").forEach((character, at) => { shown += (bad.includes(at) ? "|" : "") + character; });
      faults.push({kind: "broken", text: shown, where: where(first[0].parentElement)});
    }
  }

  // (b) Text that does not fit its box.
  const BOXES = "button, .button, [role=button], td, th, label, summary, legend";
  for (const element of document.body.querySelectorAll("*")) {
    if (!shown(element) || unseen(element)) continue;
    const style = getComputedStyle(element);
    const hides = style.overflowX === "hidden" || style.overflowX === "clip" ||
      style.overflowY === "hidden" || style.overflowY === "clip" || style.textOverflow === "ellipsis";
    const bordered = parseFloat(style.borderLeftWidth) > 0 && parseFloat(style.borderRightWidth) > 0 &&
      style.display !== "inline" && !["table", "fieldset", "select", "input", "textarea", "img"].includes(element.localName);
    if (!hides && !element.matches(BOXES) && !bordered) continue;
    if (["auto", "scroll"].includes(style.overflowX) || ["auto", "scroll"].includes(style.overflowY)) continue;
    // A box that shows what overflows it is measured across only: a big number set with a
    // tight line-height overflows its line, and draws nothing outside the box.
    const wide = element.scrollWidth > element.clientWidth + SLACK;
    const tall = hides && element.scrollHeight > element.clientHeight + SLACK;
    if ((wide || tall) && element.textContent.trim()) {
      const text = element.innerText.trim().replace(/\s+/g, " ").slice(0, 60);
      faults.push({kind: "clipped", text: `${text} (${wide ? `${element.scrollWidth} > ${element.clientWidth} wide` : `${element.scrollHeight} > ${element.clientHeight} tall`})`, where: where(element)});
    }
  }

  // (c) Controls on top of each other.
  const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], label";
  const controls = [];
  for (const element of document.body.querySelectorAll(CONTROLS)) {
    if (element.localName === "label" && !element.querySelector("input, select, textarea")) continue;
    if (!shown(element) || unseen(element) || floats(element)) continue;
    const rects = [...element.getClientRects()].filter((rect) => rect.width > 1 && rect.height > 1);
    if (rects.length) controls.push({element, rects});
  }
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const meets = a.rects.some((p) => b.rects.some((q) =>
        Math.min(p.right, q.right) - Math.max(p.left, q.left) > SLACK &&
        Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > SLACK));
      if (meets) {
        const name = (element) => (element.innerText || element.value || element.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 30);
        faults.push({kind: "overlap", text: `${name(a.element)} | ${name(b.element)}`, where: `${where(a.element)} | ${where(b.element)}`});
      }
    }
  }

  // (d) Sideways scroll.
  const width = document.documentElement.scrollWidth;
  if (width > window.innerWidth) {
    faults.push({kind: "sideways", text: `${width} > ${window.innerWidth}`, where: "html"});
  }

  // (e) Drop-downs: a copy of each, as wide as its choices' first words need, in its own font.
  for (const select of document.body.querySelectorAll("select")) {
    if (!shown(select) || unseen(select)) continue;
    const style = getComputedStyle(select);
    const copy = document.createElement("select");
    for (const option of select.options) {
      const first = option.text.trim().split(/\s+/)[0] || "";
      copy.add(new Option(first));
    }
    for (const property of ["font", "letter-spacing", "padding-left", "padding-right", "border-left-width",
      "border-right-width", "border-left-style", "border-right-style", "box-sizing", "appearance", "text-transform"]) {
      copy.style.setProperty(property, style.getPropertyValue(property));
    }
    Object.assign(copy.style, {position: "absolute", visibility: "hidden", width: "auto", minWidth: "0", maxWidth: "none", left: "0", top: "0"});
    document.body.append(copy);
    const needs = copy.getBoundingClientRect().width;
    copy.remove();
    const has = select.getBoundingClientRect().width;
    if (has + SLACK < needs) {
      const longest = [...select.options].map((option) => option.text.trim().split(/\s+/)[0]).sort((a, b) => b.length - a.length)[0];
      faults.push({kind: "narrow", text: `${longest} (${Math.round(has)} < ${Math.round(needs)} px)`, where: where(select)});
    }
  }
  return faults;
}
