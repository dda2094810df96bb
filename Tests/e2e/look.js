// The look checks, run in the page by test_screenshots.py (execute_async_script: the last
// argument is the callback). Each finds what a person would see as broken and returns it as a
// sentence: a page wider than the screen, text cut off, squeezed or running out of its row, text
// painted over a control, a control off screen, clipped or covered (element geometry:
// getBoundingClientRect and elementFromPoint at its centre), and colours below WCAG AA
// (computed from getComputedStyle). Options: {menus: open each reorder menu and check it too,
// swipe: reveal the first row's Delete with the red minus (script on) and check that row}.
(function (options, done) {
  "use strict";
  var problems = [];
  var width = window.innerWidth;

  function describe(element) {
    if (!element || !element.tagName) return String(element);
    var name = element.tagName.toLowerCase();
    if (element.id) name += "#" + element.id;
    else if (element.classList.length) name += "." + Array.prototype.slice.call(element.classList, 0, 2).join(".");
    var row = element.closest && element.closest("[data-key]");
    if (row && row !== element) name += " in row " + row.getAttribute("data-key");
    var text = (element.getAttribute("aria-label") || element.textContent || "").trim().replace(/\s+/g, " ");
    if (text) name += " “" + (text.length > 40 ? text.slice(0, 40) + "…" : text) + "”";
    return name;
  }
  function report(message) { if (problems.indexOf(message) < 0) problems.push(message); }

  // Rectangles.
  function box(rect) { return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom }; }
  function intersect(a, b) {
    var r = { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
    return r.right > r.left && r.bottom > r.top ? r : null;
  }
  function area(r) { return r ? (r.right - r.left) * (r.bottom - r.top) : 0; }
  function inside(inner, outer, slack) {
    return inner.left >= outer.left - slack && inner.right <= outer.right + slack && inner.top >= outer.top - slack && inner.bottom <= outer.bottom + slack;
  }

  // What hides an element from sight entirely: not rendered, invisible, or the visually-hidden
  // pattern (a 1 px box with a clip), which is meant for screen readers.
  function hiddenFromSight(element) {
    if (element.checkVisibility && !element.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) return true;
    if (element.closest("details:not([open]) > :not(summary)")) return true;
    for (var node = element; node && node.nodeType === 1; node = node.parentElement) {
      var style = getComputedStyle(node);
      if (style.display === "none" || style.visibility === "hidden" || style.visibility === "collapse") return true;
      if (style.clip && style.clip !== "auto" && /rect\(0px,? 0px,? 0px,? 0px\)/.test(style.clip)) return true;
      if (parseFloat(style.opacity) === 0) return true;
    }
    return false;
  }

  // The boxes that clip `element` (overflow other than visible), innermost first; the element's
  // own box too when `inclusive` (text is clipped by the element it stands in).
  // An overflow clips only along the axes it names; a fixed box escapes every ancestor, an
  // absolute one those up to its positioned container.
  function clippers(element, inclusive) {
    var list = [];
    var position = getComputedStyle(element).position;
    if (position === "fixed") return list;
    var skipStatic = position === "absolute";
    for (var node = inclusive ? element : element.parentElement; node && node !== document.documentElement; node = node.parentElement) {
      var style = getComputedStyle(node);
      if (node !== element && skipStatic) {
        if (style.position === "static") continue;
        skipStatic = style.position === "absolute";
        if (style.position === "fixed") return list;
      }
      if (style.overflowX !== "visible" || style.overflowY !== "visible") {
        var rect = box(node.getBoundingClientRect());
        if (style.overflowX === "visible") { rect.left = -Infinity; rect.right = Infinity; }
        if (style.overflowY === "visible") { rect.top = -Infinity; rect.bottom = Infinity; }
        list.push({ element: node, rect: rect, style: style, scrolls: /auto|scroll/.test(style.overflowX + style.overflowY) });
      }
      if (node !== element && style.position === "fixed") return list;
    }
    return list;
  }

  // Colours: parse, compose and compare (WCAG 2 relative luminance).
  function parse(colour) {
    var match = /rgba?\(([^)]+)\)/.exec(colour || "");
    if (!match) return null;
    var parts = match[1].split(/[,\s/]+/).filter(Boolean).map(parseFloat);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  }
  function over(top, bottom) {
    var a = top.a + bottom.a * (1 - top.a);
    if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
    function mix(x, y) { return (x * top.a + y * bottom.a * (1 - top.a)) / a; }
    return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: a };
  }
  function luminance(c) {
    function channel(v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  }
  function contrast(a, b) {
    var x = luminance(a), y = luminance(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  }
  // The colour behind `element`: its own background and its ancestors', composed.
  function background(element) {
    var layers = [];
    for (var node = element; node; node = node.parentElement) {
      var colour = parse(getComputedStyle(node).backgroundColor);
      if (colour && colour.a > 0) { layers.push(colour); if (colour.a >= 1) break; }
    }
    var result = parse(getComputedStyle(document.documentElement).backgroundColor) || { r: 255, g: 255, b: 255, a: 1 };
    if (result.a < 1) result = over(result, matchMedia("(prefers-color-scheme: dark)").matches ? { r: 18, g: 18, b: 18, a: 1 } : { r: 255, g: 255, b: 255, a: 1 });
    for (var i = layers.length - 1; i >= 0; i--) result = over(layers[i], result);
    return result;
  }
  function disabled(element) {
    return !!element.closest("[aria-disabled='true'], :disabled, .bar-button--disabled");
  }
  function ratio(value) { return Math.round(value * 100) / 100; }

  // Text: every visible text node in `scope`, with the boxes of its lines.
  function collectTexts(scope) {
    var found = [];
    // No filter callback: with scripting off, the page cannot call back into this script.
    var walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.data.trim()) continue;
      var parent = node.parentElement;
      if (!parent || parent.closest("script, style, option, select, textarea, head")) continue;
      if (hiddenFromSight(parent)) continue;
      var range = document.createRange();
      range.selectNodeContents(node);
      var rects = Array.prototype.slice.call(range.getClientRects()).filter(function (r) { return r.width > 0 && r.height > 0; });
      if (rects.length) found.push({ node: node, element: parent, rects: rects.map(box) });
    }
    return found;
  }
  var scope = options.scope ? document.querySelector(options.scope) : document.body;
  var texts = collectTexts(scope);

  // The parts of a text's lines that its clipping boxes let through; `onCut` hears of each line
  // a box cuts into (a line clipped away entirely is hidden on purpose, not cut).
  function visibleOf(text, onCut) {
    var clips = clippers(text.element, true);
    var visible = [];
    text.rects.forEach(function (rect) {
      var shown = rect, cut = null;
      clips.forEach(function (clip) {
        if (!shown) return;
        var kept = intersect(shown, clip.rect);
        if (kept && !inside(shown, kept, 1) && !clip.scrolls && !cut) cut = clip;
        shown = kept;
      });
      if (!shown) return;
      visible.push(shown);
      if (cut && onCut) onCut(cut, rect, shown);
    });
    return visible;
  }

  function checkText(text) {
    var element = text.element, style = getComputedStyle(element);
    var visible = visibleOf(text, function (cut, rect, shown) {
      {
        var truncated = getComputedStyle(cut.element).textOverflow === "ellipsis" || style.textOverflow === "ellipsis";
        var vertical = shown.top > rect.top + 1 || shown.bottom < rect.bottom - 1;
        if (!truncated || vertical) report("text is cut off by " + describe(cut.element) + ": " + describe(element));
      }
    });
    visible.forEach(function (shown) {
      if (shown.left < -1 || shown.right > width + 1) report("text runs off the screen (" + Math.round(shown.left) + "…" + Math.round(shown.right) + " px of " + width + "): " + describe(element));
    });
    if (!visible.length) return;
    // Within its row (a menu the row opens is a surface of its own), and not squeezed to a sliver.
    var row = element.closest(".reorder__menu") ? null : element.closest("[data-index-path], .row");
    if (row) {
      var rowBox = box(row.getBoundingClientRect());
      visible.forEach(function (shown) {
        if (!inside(shown, rowBox, 1)) report("text overflows its row: " + describe(element));
      });
      var chars = text.node.data.trim().length;
      var em = parseFloat(style.fontSize);
      var widest = Math.max.apply(null, visible.map(function (r) { return r.right - r.left; }));
      if (chars >= 4 && (text.rects.length > chars / 3 || widest < Math.min(2 * em, chars * 0.3 * em))) {
        report("text is squeezed to " + Math.round(widest) + " px (" + text.rects.length + " lines): " + describe(element));
      }
      // Never painted over a control of its row.
      row.querySelectorAll("a[href], button, input, select, summary, .swipe-delete").forEach(function (control) {
        if (control.contains(element) || hiddenFromSight(control)) return;
        var controlBox = box(control.getBoundingClientRect());
        visible.forEach(function (shown) {
          if (area(intersect(shown, controlBox)) > 4) report("text paints over " + describe(control) + ": " + describe(element));
        });
      });
    }
    // Contrast (WCAG 1.4.3): 4.5:1, or 3:1 for large text.
    if (disabled(element)) return;
    var colour = parse(style.color);
    if (!colour) return;
    var behind = background(element);
    var value = contrast(over(colour, behind), behind);
    var size = parseFloat(style.fontSize), weight = parseInt(style.fontWeight, 10) || 400;
    var needed = size >= 24 || (size >= 18.66 && weight >= 700) ? 3 : 4.5;
    if (value < needed - 0.005) report("contrast " + ratio(value) + ":1 (needs " + needed + ":1): " + describe(element));
  }

  // How far a control's focus ring reaches beyond its box: the stylesheets' :focus-visible rules
  // that match it, the later winning (headless Chrome does not apply :focus-visible to computed
  // styles of a page it does not consider focused, so the rules are read directly).
  var ringRules = null;
  function focusRing(control) {
    if (!ringRules) {
      ringRules = [];
      Array.prototype.forEach.call(document.styleSheets, function (sheet) {
        var rules;
        try { rules = sheet.cssRules; } catch (error) { return; }
        Array.prototype.forEach.call(rules, function (rule) {
          if (rule.selectorText && rule.selectorText.indexOf(":focus-visible") >= 0 && /outline/.test(rule.style.cssText)) ringRules.push(rule);
        });
      });
    }
    var width = 0, offset = 0, none = false;
    ringRules.forEach(function (rule) {
      var matches = rule.selectorText.split(",").some(function (selector) {
        if (selector.indexOf(":focus-visible") < 0) return false;
        try { return control.matches(selector.replace(/:focus-visible/g, "").trim() || "*"); } catch (error) { return false; }
      });
      if (!matches) return;
      if (rule.style.outlineStyle) none = rule.style.outlineStyle === "none";
      if (rule.style.outlineWidth) width = parseFloat(rule.style.outlineWidth) || 0;
      if (rule.style.outlineOffset) offset = parseFloat(rule.style.outlineOffset) || 0;
    });
    return none ? 0 : width + offset;
  }

  var controlSelector = "a[href], button, input:not([type='hidden']), select, textarea, summary, [tabindex='0']";
  function checkControl(control) {
    if (hiddenFromSight(control)) return;
    var first = control.getBoundingClientRect();
    if (first.width < 1 || first.height < 1) return;
    control.focus({ preventScroll: true });
    control.scrollIntoView({ block: "center", inline: "nearest" });
    var rect = box(control.getBoundingClientRect());
    // The focus ring belongs to the control: it must not be clipped either.
    var grow = focusRing(control);
    if (grow > 0) rect = { left: rect.left - grow, top: rect.top - grow, right: rect.right + grow, bottom: rect.bottom + grow };
    if (rect.left < -1 || rect.right > width + 1) report("control is off the screen (" + Math.round(rect.left) + "…" + Math.round(rect.right) + " px of " + width + "): " + describe(control));
    clippers(control).forEach(function (clip) {
      if (!inside(rect, clip.rect, 1)) report("control is clipped by " + describe(clip.element) + ": " + describe(control));
    });
    var centre = control.getBoundingClientRect();
    var x = (centre.left + centre.right) / 2, y = (centre.top + centre.bottom) / 2;
    if (y >= 0 && y < window.innerHeight && x >= 0 && x < width) {
      var hit = document.elementFromPoint(x, y);
      var label = hit && hit.closest && hit.closest("label");
      if (!hit || !(hit === control || control.contains(hit) || (label && label.control === control))) {
        report("control is covered by " + describe(hit) + ": " + describe(control));
      }
    }
    control.blur();
    // Non-text contrast (WCAG 1.4.11): a control that shows no text needs a part of 3:1.
    if (disabled(control)) return;
    var hasText = texts.some(function (text) { return control.contains(text.element); });
    if (control.matches("input[type='text'], input[type='number'], input[type='password']")) {
      var placeholder = control.value === "" && control.placeholder ? parse(getComputedStyle(control, "::placeholder").color) : null;
      if (placeholder) {
        var behind = background(control);
        var value = contrast(over(placeholder, behind), behind);
        if (value < 4.5) report("placeholder contrast " + ratio(value) + ":1 (needs 4.5:1): " + describe(control));
      }
      return;
    }
    if (hasText || control.matches("select")) return;
    var around = background(control.parentElement);
    var colours = [];
    [control].concat(Array.prototype.slice.call(control.querySelectorAll("*"))).forEach(function (part) {
      var partStyle = getComputedStyle(part);
      colours.push(parse(partStyle.backgroundColor));
      if (parseFloat(partStyle.borderTopWidth) > 0) colours.push(parse(partStyle.borderTopColor));
      var fill = partStyle.getPropertyValue("--slider-fill").trim();
      if (fill && part.matches("input[type='range']")) {
        var probe = document.createElement("span");
        probe.style.color = fill;
        document.body.appendChild(probe);
        colours.push(parse(getComputedStyle(probe).color));
        probe.remove();
      }
    });
    var best = 0;
    colours.forEach(function (colour) { if (colour && colour.a > 0) best = Math.max(best, contrast(over(colour, around), around)); });
    if (best < 3) report("control's own colours reach only " + ratio(best) + ":1 against its background (needs 3:1): " + describe(control));
  }


  // Checks the text and controls in `within`, reading its text anew when it has just changed.
  function checkPage(within, fresh) {
    if (fresh) texts = collectTexts(within);
    texts.forEach(function (text) { if (within.contains(text.element)) checkText(text); });
    within.querySelectorAll(controlSelector).forEach(checkControl);
  }
  var root = document.documentElement;
  var scripted = root.classList.contains("js");
  if (root.scrollWidth > width + 1) report("the page is " + root.scrollWidth + " px wide in a " + width + " px viewport");
  var scroll = [window.scrollX, window.scrollY];
  checkPage(scope, false);

  // The steps that change the page: each opens something, then checks it once the page has
  // reacted. With script on, the page's own handlers (a menu's toggle) run first (two frames);
  // with it off nothing could call back into this script, and layout is up to date at once.
  var steps = [];
  if (options.menus) {
    scope.querySelectorAll("details.reorder").forEach(function (details) {
      if (hiddenFromSight(details)) return;
      steps.push({
        open: function () { details.scrollIntoView({ block: "center" }); details.open = true; },
        check: function () { checkPage(details.querySelector(".reorder__menu"), true); details.open = false; }
      });
    });
  }
  // The row with the longest name shows the most that can go wrong.
  var minus = null;
  if (options.swipe && scripted) {
    scope.querySelectorAll(".row:not(:has(.delete-confirmation)) > .editing-control--delete").forEach(function (candidate) {
      var length = function (control) { var name = control.parentElement.querySelector(".cell__text"); return name ? name.textContent.length : 0; };
      if (!minus || length(candidate) > length(minus)) minus = candidate;
    });
  }
  if (minus) {
    var row = minus.closest("[data-index-path]");
    steps.push({
      open: function () { minus.click(); },
      check: function () {
        if (!row.querySelector(".swipe-delete")) { report("the red minus revealed no Delete button in row " + row.getAttribute("data-key")); return; }
        texts = collectTexts(row);
        if (!texts.some(function (text) { return text.element.closest(".cell__text") && visibleOf(text).length; })) report("with Delete revealed, the row's name is gone: row " + row.getAttribute("data-key"));
        checkPage(row, false);
        document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      }
    });
  }
  function finish() { window.scrollTo(scroll[0], scroll[1]); done(problems); }
  if (!scripted) {
    steps.forEach(function (step) { step.open(); step.check(); });
    finish();
    return;
  }
  (function next(index) {
    if (index >= steps.length) { finish(); return; }
    steps[index].open();
    // Two frames for the page's handlers, then the end of whatever they started to animate.
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        var running = document.getAnimations().filter(function (animation) {
          return animation.timeline === document.timeline && animation.effect && animation.effect.getComputedTiming().endTime !== Infinity;
        });
        Promise.all(running.map(function (animation) { return animation.finished.catch(function () {}); })).then(function () {
          try { steps[index].check(); } catch (error) { report("the checks failed: " + error); }
          next(index + 1);
        });
      });
    });
  })(0);
})(arguments[0] || {}, arguments[arguments.length - 1]);
