// TableStack enhancements. Every feature here also works without JavaScript through plain links
// and forms; this file only makes them feel like iOS: controls save on change, the red minus
// reveals its Delete button in place, rows swipe to delete and drag to reorder, the index bar
// scrubs, and pushes and pops slide.
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

  // Posts the shared form to `action` with the given fields, as a submit button would.
  function post(action, fields) {
    if (!actionForm) return;
    Object.keys(fields).forEach(function (name) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = fields[name];
      actionForm.appendChild(input);
    });
    actionForm.setAttribute("action", action);
    actionForm.submit();
  }

  function rowOf(element) { return element && element.closest("[data-index-path]"); }

  // Switches and sliders save as soon as they change; the slider shows its value while moving.
  document.addEventListener("change", function (event) {
    var control = event.target;
    if (control.matches && control.matches('[role="switch"]')) control.setAttribute("aria-checked", String(control.checked));
    if (!control.matches || !control.matches(".accessory .switch, .accessory .slider")) return;
    var button = control.parentElement.querySelector(".control-submit");
    if (button && actionForm) actionForm.requestSubmit(button);
  });
  document.addEventListener("input", function (event) {
    var slider = event.target;
    if (!slider.matches || !slider.matches(".slider")) return;
    var output = slider.parentElement.querySelector("output");
    if (output) output.textContent = slider.value;
  });

  // The red minus reveals the row's Delete button in place instead of loading the confirmation page.
  function confirmDelete(row) {
    clearConfirmations(row);
    if (row.querySelector(".delete-confirmation, .swipe-delete")) return;
    var button = document.createElement("button");
    button.type = "submit";
    button.className = "swipe-delete";
    button.textContent = "Delete";
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
    // The tap that ends a swipe must not close what the swipe just opened.
    if (Date.now() - lastSwipe < 600) return;
    if (!event.target.closest || !event.target.closest(".swipe-delete")) clearConfirmations(null);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") clearConfirmations(null);
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

  // The row the address lands on (just added or moved, or come back from) takes the focus; its
  // highlight fades by CSS, as UIKit deselects the row on return.
  var target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  var highlighted = target && target.classList.contains("row") ? (target.querySelector(".row__action") || target) : null;
  if (highlighted) {
    if (!highlighted.hasAttribute("tabindex") && !highlighted.matches("a, button")) highlighted.setAttribute("tabindex", "-1");
    highlighted.focus({ preventScroll: !!location.hash });
  }
})();
