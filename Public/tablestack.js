// TableStack enhancements. Every feature here also works without JavaScript through plain links
// and forms; this file only makes them feel like iOS: controls save on change (a slider once it
// settles) and keep the focus, the red minus reveals its Delete button in place, rows swipe to
// delete and drag to reorder, the reorder menu opens where it fits, the index bar scrubs, the
// large title collapses into the bar, Add and Move to… open as a card over the list on wide
// screens, a sheet's Save sends it once, the arrow keys move among an exclusive list's choices,
// and pushes and pops slide.
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");
  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var actionForm = document.getElementById("table-actions");

  // The URL of an action ("delete", "move") of this page, next to the shared form's own action.
  function actionURL(name) {
    if (!actionForm) return null;
    return actionForm.getAttribute("action").replace(/[^/]*$/, name);
  }

  // Posts the shared form to `action` with the given fields, as a submit button would. The
  // fields go once the post has taken them (submit reads the form at once): a page restored from
  // the back-forward cache must not send them again beside another control's (`key` twice, or an
  // old drag's `before` with a new one's `after`).
  function post(action, fields) {
    if (!actionForm) return;
    var added = Object.keys(fields).map(function (name) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = fields[name];
      return actionForm.appendChild(input);
    });
    var shared = actionForm.getAttribute("action");
    actionForm.setAttribute("action", action);
    actionForm.submit();
    added.forEach(function (input) { input.remove(); });
    actionForm.setAttribute("action", shared);
  }

  function rowOf(element) { return element && element.closest("[data-index-path]"); }

  // The control that saved the page gets the focus back on the page the save returns to.
  var focusKey = "tablestack-focus";
  function submitFrom(control, button) {
    if (!button || !actionForm) return;
    if (control.id) sessionStorage.setItem(focusKey, control.id);
    actionForm.requestSubmit(button);
  }

  // A switch saves as soon as it changes; a slider once the person has settled on a value (each
  // arrow key press is a change: saving each would reload the page under the keyboard).
  var sliderTimer = null, pointerDown = false;
  function saveSoon(slider) {
    clearTimeout(sliderTimer);
    sliderTimer = setTimeout(function () {
      if (pointerDown) return saveSoon(slider);
      submitFrom(slider, slider.parentElement.querySelector(".control-submit"));
    }, 800);
  }
  document.addEventListener("change", function (event) {
    var control = event.target;
    if (control.matches && control.matches('[role="switch"]')) control.setAttribute("aria-checked", String(control.checked));
    if (!control.matches) return;
    if (control.matches(".accessory .switch")) submitFrom(control, control.parentElement.querySelector(".control-submit"));
    else if (control.matches(".accessory .slider")) saveSoon(control);
  });
  document.addEventListener("input", function (event) {
    var slider = event.target;
    if (!slider.matches || !slider.matches(".slider")) return;
    var output = slider.parentElement.querySelector("output");
    if (output) output.textContent = slider.value;
    if (sliderTimer && slider.matches(".accessory .slider")) saveSoon(slider);
  });
  document.addEventListener("pointerdown", function () { pointerDown = true; }, true);
  document.addEventListener("pointerup", function () { pointerDown = false; }, true);

  // The red minus reveals the row's Delete button in place instead of loading the confirmation page.
  function confirmDelete(row) {
    clearConfirmations(row);
    if (row.querySelector(".delete-confirmation, .swipe-delete")) return;
    var button = document.createElement("button");
    button.type = "submit";
    button.className = "swipe-delete";
    button.textContent = row.getAttribute("data-delete-title") || "Delete";
    button.setAttribute("form", "table-actions");
    button.setAttribute("formaction", actionURL("delete"));
    button.name = "key";
    button.value = row.getAttribute("data-key");
    row.appendChild(button);
    row.classList.add("row--swiped");
    button.focus();
  }
  function clearConfirmations(except) {
    document.querySelectorAll(".row--swiped").forEach(function (row) {
      if (row === except) return;
      row.classList.remove("row--swiped");
      var button = row.querySelector(".swipe-delete");
      if (button) button.remove();
    });
  }
  document.addEventListener("click", function (event) {
    var minus = event.target.closest && event.target.closest(".editing-control--delete");
    if (minus && actionForm) {
      event.preventDefault();
      confirmDelete(rowOf(minus));
      return;
    }
    // A placeholder row ("Add Item") does what it says wherever it is tapped, as its plus does.
    var placeholder = event.target.closest && event.target.closest(".row--placeholder .row__action");
    var plus = placeholder && rowOf(placeholder).querySelector(".editing-control--insert");
    if (plus) { plus.click(); return; }
    // The tap that ends a swipe must not close what the swipe just opened.
    if (Date.now() - lastSwipe < 600) return;
    if (!event.target.closest || !event.target.closest(".swipe-delete")) clearConfirmations(null);
  });
  // In an exclusive list the arrow keys move between the choices, as in a group of radio
  // buttons; Space or Enter chooses (choosing posts, and the page that answers replaces this one).
  var arrows = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
  document.addEventListener("keydown", function (event) {
    var step = arrows[event.key];
    var group = step && event.target.matches && event.target.matches('[role="radio"]') && event.target.closest('[role="radiogroup"]');
    if (!group || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var radios = Array.prototype.slice.call(group.querySelectorAll('[role="radio"]'));
    var next = radios[(radios.indexOf(event.target) + step + radios.length) % radios.length];
    event.preventDefault();
    next.focus();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    clearConfirmations(null);
    var open = document.querySelector(".reorder[open]");
    if (open) { open.open = false; open.querySelector("summary").focus(); }
  });

  // One reorder menu at a time, opened below its grip, or above it when there is no room below.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (!details.matches || !details.matches(".reorder") || !details.open) return;
    document.querySelectorAll(".reorder[open]").forEach(function (other) { if (other !== details) other.open = false; });
    details.classList.remove("reorder--up");
    var menu = details.querySelector(".reorder__menu").getBoundingClientRect();
    var grip = details.getBoundingClientRect();
    var bar = document.querySelector(".navigation-bar__row");
    var top = bar ? bar.getBoundingClientRect().bottom : 0;
    if (menu.bottom > window.innerHeight && grip.top - menu.height - 8 > top) details.classList.add("reorder--up");
  }, true);
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest(".reorder")) return;
    document.querySelectorAll(".reorder[open]").forEach(function (open) { open.open = false; });
  });

  // Swipe left on a row that allows it to reveal Delete (touch and pen only, like iOS).
  var swipe = null;
  var lastSwipe = 0;
  document.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "mouse") return;
    var row = rowOf(event.target);
    if (!row || row.getAttribute("data-swipe-delete") !== "true") return;
    swipe = { row: row, x: event.clientX, y: event.clientY };
  });
  document.addEventListener("pointermove", function (event) {
    if (!swipe) return;
    var dx = event.clientX - swipe.x, dy = event.clientY - swipe.y;
    if (Math.abs(dy) > 30) { swipe = null; return; }
    if (dx < -50) { confirmDelete(swipe.row); swipe = null; lastSwipe = Date.now(); }
  });
  document.addEventListener("pointerup", function () { swipe = null; });

  // Drag a row by its grip; on release, post the move form with the proposed place. The
  // server's retarget rule decides where the row really lands, as UIKit's delegate does.
  var drag = null;
  document.addEventListener("pointerdown", function (event) {
    var grip = event.target.closest && event.target.closest(".reorder__grip");
    if (!grip || !actionForm) return;
    var row = rowOf(grip);
    event.preventDefault();
    drag = { row: row, startY: event.clientY, moved: false, target: null };
    grip.setPointerCapture && grip.setPointerCapture(event.pointerId);
  });
  document.addEventListener("pointermove", function (event) {
    if (!drag) return;
    var dy = event.clientY - drag.startY;
    if (Math.abs(dy) < 4 && !drag.moved) return;
    drag.moved = true;
    drag.row.classList.add("row--dragging");
    drag.row.style.transform = "translateY(" + dy + "px)";
    var rows = Array.prototype.slice.call(document.querySelectorAll("main [data-index-path]"));
    var target = null;
    rows.forEach(function (candidate) {
      if (candidate === drag.row) return;
      var box = candidate.getBoundingClientRect();
      if (event.clientY >= box.top && event.clientY < box.bottom) target = candidate;
    });
    if (drag.target && drag.target !== target) drag.target.classList.remove("row--drop-target");
    drag.target = target;
    if (target) target.classList.add("row--drop-target");
  });
  document.addEventListener("pointerup", function (event) {
    if (!drag) return;
    var state = drag;
    drag = null;
    state.row.classList.remove("row--dragging");
    state.row.style.transform = "";
    if (state.target) state.target.classList.remove("row--drop-target");
    if (!state.moved) {
      // A tap on the grip opens its menu, as without JavaScript.
      var details = state.row.querySelector(".reorder");
      if (details) details.open = !details.open;
      return;
    }
    if (!state.target) return;
    // The place is named by the row dropped on, in any section: the moved row goes after it
    // when dropped on its lower half, before it on its upper half.
    var box = state.target.getBoundingClientRect();
    var fields = { key: state.row.getAttribute("data-key") };
    fields[event.clientY >= box.top + box.height / 2 ? "after" : "before"] = state.target.getAttribute("data-key");
    post(actionURL("move"), fields);
  });
  document.addEventListener("click", function (event) {
    // The grip's own click would toggle the menu a second time.
    if (event.target.closest && event.target.closest(".reorder__grip") && event.detail > 0) event.preventDefault();
  });

  // Scrub along the index bar: the section under the finger comes into view.
  var scrubbing = false;
  function scrubTo(event) {
    var element = document.elementFromPoint(event.clientX, event.clientY);
    var link = element && element.closest && element.closest(".section-index__title");
    if (!link) return;
    var target = document.getElementById(link.getAttribute("href").slice(1));
    if (target) target.scrollIntoView({ block: "start" });
  }
  document.addEventListener("pointerdown", function (event) {
    if (!event.target.closest || !event.target.closest(".section-index")) return;
    scrubbing = true;
    scrubTo(event);
  });
  document.addEventListener("pointermove", function (event) { if (scrubbing) scrubTo(event); });
  document.addEventListener("pointerup", function () { scrubbing = false; });

  // Push and pop slide like a navigation controller, but only into a page reached by following a
  // row (push), a sheet's link (push) or the back link (pop): a reload, a bookmark or the page
  // after a form post does not move.
  var arrival = sessionStorage.getItem("tablestack-arrival");
  sessionStorage.removeItem("tablestack-arrival");
  if (arrival === "push" || arrival === "pop") root.classList.add("navigation-" + arrival);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (link.origin !== location.origin || link.getAttribute("href").charAt(0) === "#") return;
    var opensSheet = /[?&](add=1|move=)/.test(link.search);
    if (link.getAttribute("rel") === "up") sessionStorage.setItem("tablestack-arrival", "pop");
    else if (link.classList.contains("row__action") || opensSheet) sessionStorage.setItem("tablestack-arrival", "push");
    if (reducedMotion || !link.classList.contains("row__action")) return;
    event.preventDefault();
    root.classList.add("navigation-leaving");
    setTimeout(function () { window.location.href = link.href; }, 150);
  });
  window.addEventListener("pageshow", function () { root.classList.remove("navigation-leaving"); });

  // Where the browser cannot tie an animation to scrolling, the large title collapses into the
  // bar here: the bar's own title shows once the large one has scrolled away under it.
  var largeBar = document.querySelector(".navigation-bar--large");
  if (largeBar && !(window.CSS && CSS.supports && CSS.supports("animation-timeline: scroll()"))) {
    var collapse = function () {
      var title = largeBar.querySelector(".navigation-bar__large-title");
      largeBar.classList.toggle("navigation-bar--collapsed", window.scrollY >= (title ? title.offsetHeight : 0) - 4);
    };
    window.addEventListener("scroll", collapse, { passive: true });
    collapse();
  }

  // On a wide screen, Add and Move to… open as a card over the list (iOS's form sheet) instead of
  // a page of their own. The sheet is the server's own page, fetched; Cancel and Escape close it,
  // and Save posts its form as the page would.
  var wide = window.matchMedia("(min-width: 48rem)");
  function sheetLink(link) {
    return link && link.origin === location.origin && /[?&](add=1|move=)/.test(link.search) && typeof HTMLDialogElement === "function";
  }
  // One card at a time: a second tap (a double click) while one is on its way or open opens none.
  var sheetOpening = false;
  function openSheet(link) {
    if (sheetOpening || document.querySelector("dialog.sheet-dialog")) return;
    sheetOpening = true;
    fetch(link.href, { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html");
      var bar = page.querySelector(".navigation-bar"), main = page.querySelector("main");
      if (!bar || !main) throw new Error("no sheet");
      var dialog = document.createElement("dialog");
      dialog.className = "sheet-dialog";
      // The sheet's main and nav bar become plain blocks: the page keeps its one table and bar.
      var body = document.createElement("div");
      body.className = main.className;
      while (main.firstChild) body.appendChild(main.firstChild);
      bar.querySelector("[data-navigation-bar]").removeAttribute("data-navigation-bar");
      var heading = bar.querySelector("h1");
      var title = document.createElement("h2");
      title.className = heading.className;
      title.id = "sheet-dialog-title";
      title.textContent = heading.textContent;
      heading.replaceWith(title);
      body.querySelectorAll("[id^='section-']").forEach(function (element) { element.id = "sheet-" + element.id; });
      dialog.setAttribute("aria-labelledby", title.id);
      dialog.appendChild(document.importNode(bar, true));
      dialog.appendChild(document.importNode(body, true));
      document.body.appendChild(dialog);
      dialog.addEventListener("close", function () {
        dialog.remove();
        var menu = link.closest(".reorder");
        (menu ? menu.querySelector("summary") : link).focus();
      });
      dialog.addEventListener("click", function (event) {
        var cancel = event.target.closest && event.target.closest(".navigation-bar__leading a");
        if (cancel || event.target === dialog) { event.preventDefault(); dialog.close(); }
      });
      dialog.showModal();
      sheetOpening = false;
      var first = dialog.querySelector(".field__input, .switch, .slider");
      if (first) first.focus();
    }).catch(function () { window.location.href = link.href; });
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!sheetLink(link) || !wide.matches || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    document.querySelectorAll(".reorder[open]").forEach(function (open) { open.open = false; });
    openSheet(link);
  }, true);

  // A sheet (Add, Edit, Move to…) is sent once: a second tap on Save while the first post is on
  // its way would add the item twice (iOS closes the sheet at the first tap). The page that answers
  // replaces this one; should none come (the network failed), Save works again after a while.
  // Meanwhile the form is busy and its Save dimmed, so the tap that does nothing says why.
  var sheetSentAt = new WeakMap();
  function markSending(form, isSending) {
    var saves = Array.prototype.slice.call(form.querySelectorAll('[type="submit"]'));
    if (form.id) saves = saves.concat(Array.prototype.slice.call(document.querySelectorAll('button[form="' + form.id + '"]')));
    [form].concat(saves).forEach(function (element) {
      var name = element === form ? "aria-busy" : "aria-disabled";
      if (isSending) element.setAttribute(name, "true"); else element.removeAttribute(name);
    });
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.matches || !form.matches(".sheet__form")) return;
    var sent = sheetSentAt.get(form);
    if (sent && Date.now() - sent < 5000) { event.preventDefault(); return; }
    var now = Date.now();
    sheetSentAt.set(form, now);
    markSending(form, true);
    setTimeout(function () { if (sheetSentAt.get(form) === now) markSending(form, false); }, 5000);
  });
  // A page restored from the back-forward cache is one the person may send again.
  window.addEventListener("pageshow", function (event) {
    if (!event.persisted) return;
    sheetSentAt = new WeakMap();
    document.querySelectorAll(".sheet__form").forEach(function (form) { markSending(form, false); });
  });

  // The control that saved the page, or the row the address lands on (just added, moved or
  // changed, or come back from), takes the focus; the row's highlight fades by CSS, as UIKit
  // deselects the row on return.
  var saved = sessionStorage.getItem(focusKey);
  sessionStorage.removeItem(focusKey);
  var control = saved && document.getElementById(saved);
  var target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  var highlighted = control || (target && target.classList.contains("row") ? (target.querySelector(".row__action") || target) : null);
  if (highlighted) {
    if (!highlighted.hasAttribute("tabindex") && !highlighted.matches("a, button, input, select, textarea")) highlighted.setAttribute("tabindex", "-1");
    highlighted.focus({ preventScroll: !!location.hash });
    // The browser focuses the row the address names once the page has loaded (rows take focus
    // without script); the control or the row's own action takes it back then.
    window.addEventListener("load", function () {
      setTimeout(function () { if (document.activeElement !== highlighted) highlighted.focus({ preventScroll: true }); }, 0);
    });
  }
})();
