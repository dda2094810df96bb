// Live pages: a list whose <main> names a stream (data-live) follows the changes other editors
// make to it. Each change arrives as a batch update (rows inserted, deleted, moved and
// reloaded, with their markup) and is animated into place as a table view animates
// insertRows, deleteRows and moveRow; the page's revision moves on with it, so the viewer's next
// edit is based on what they see. While the viewer is in the middle of something (a Delete
// button showing, a reorder menu open, a drag, an Add or Move card), changes are announced and
// held, then applied once they are done. Without this script a reload shows the changes.
(function () {
  "use strict";
  var main = document.querySelector("main[data-live]");
  if (!main || typeof EventSource !== "function") return;
  var reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  var source = null, retry = null, held = [], applying = false;
  // Set when the stream said it is over (the page's item went, or the list grew too long to
  // follow): the page stays as it is until reloaded. `delay` backs off from refused streams.
  var stopped = false, delay = 5000;

  // A polite live region says what changed; it is filled a moment after it is emptied, so the
  // same words said twice are heard twice.
  var region = document.createElement("div");
  region.className = "visually-hidden";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.id = "live-announcements";
  document.body.appendChild(region);
  function announce(text) {
    if (!text) return;
    region.textContent = "";
    setTimeout(function () { region.textContent = text; }, 50);
  }

  function streamURL() {
    var base = main.getAttribute("data-live");
    return base + (base.indexOf("?") < 0 ? "?" : "&") + "since=" + encodeURIComponent(main.getAttribute("data-revision") || "");
  }

  // One stream while the page is shown; closed when it is hidden, opened again (from the
  // revision the page has) when it is shown. The browser itself reconnects a dropped stream,
  // sending the id of the last event it got (Last-Event-ID).
  function connect() {
    if (source || stopped || document.hidden) return;
    clearTimeout(retry);
    held = [];
    source = new EventSource(streamURL(), { withCredentials: true });
    // Says whether the stream is open, for tests and for styles.
    main.setAttribute("data-live-state", "connecting");
    source.addEventListener("open", function () {
      delay = 5000;
      main.setAttribute("data-live-state", "open");
    });
    source.addEventListener("update", function (message) {
      var update;
      try { update = JSON.parse(message.data); } catch (error) { return; }
      // A commit that changed nothing this page shows moves its revision on alone. Nothing
      // moves under the viewer, so it is taken at once, even in the middle of something
      // (after any changes still held, which it follows).
      if (update.revisionOnly && !held.length && !applying) { setRevision(update.revision); return; }
      held.push(update);
      if (isBusy() && !update.revisionOnly) announce((update.announcement || "The list changed.") + " Shown when you finish.");
      flush();
    });
    ["gone", "stop"].forEach(function (name) {
      source.addEventListener(name, function (message) {
        stopped = true;
        disconnect();
        showNotice(message.data);
        announce(message.data);
        // What the page showed is no more: its Edit and Add would lead nowhere.
        if (name === "gone") document.querySelectorAll(".navigation-bar__trailing > *").forEach(function (button) { button.remove(); });
      });
    });
    source.addEventListener("error", function () {
      // A dropped stream is reopened by the browser (from the last event's id). A refused one
      // (503: the server follows as many pages as it can) is not: try again later, waiting
      // longer each time, up to five minutes.
      if (source) main.setAttribute("data-live-state", source.readyState === EventSource.CLOSED ? "closed" : "connecting");
      if (source && source.readyState === EventSource.CLOSED) {
        source = null;
        retry = setTimeout(connect, delay + Math.random() * delay);
        delay = Math.min(delay * 2, 300000);
      }
    });
  }
  function disconnect() {
    clearTimeout(retry);
    main.setAttribute("data-live-state", "closed");
    if (source) source.close();
    source = null;
  }
  document.addEventListener("visibilitychange", function () { if (document.hidden) disconnect(); else connect(); });
  window.addEventListener("pagehide", disconnect);
  window.addEventListener("pageshow", function (event) { if (event.persisted) connect(); });

  // What the viewer is doing that a change must not be applied under.
  function isBusy() {
    return !!document.querySelector(".row--swiped, .row--dragging, .reorder[open], dialog[open], .delete-confirmation");
  }

  // Applies held changes in order, one at a time, once the viewer is not busy; checks again
  // while changes wait.
  function flush() {
    if (applying || !held.length) return;
    if (isBusy()) { setTimeout(flush, 400); return; }
    applying = true;
    var update = held.shift();
    apply(update, function () {
      applying = false;
      flush();
    });
  }

  // The forms carry the revision the page shows.
  function setRevision(revision) {
    main.setAttribute("data-revision", revision);
    var field = main.querySelector('#table-actions input[name="revision"]');
    if (field) field.value = revision;
  }

  function rowsByKey() {
    var rows = {};
    main.querySelectorAll("[data-key]").forEach(function (row) { rows[row.getAttribute("data-key")] = row; });
    return rows;
  }

  function parse(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  }

  function showNotice(text) {
    var notice = document.getElementById("notice");
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "notice";
      notice.id = "notice";
      notice.setAttribute("role", "status");
      main.parentNode.insertBefore(notice, main);
    }
    notice.textContent = text;
  }

  function apply(update, done) {
    var animate = !reducedMotion.matches;
    var existing = rowsByKey();
    var leaving = (update.replacesAll ? Object.keys(existing).filter(function (key) {
      return !update.sections.some(function (keys) { return keys.indexOf(key) >= 0; });
    }) : update.deleted).map(function (key) { return existing[key]; }).filter(Boolean);
    if (animate && leaving.length) {
      // Deleted rows fade first; the rows below then slide up into their places.
      leaving.forEach(function (row) { row.classList.add("row--deleting"); });
      setTimeout(function () { place(update, existing, leaving, animate); done(); }, 200);
    } else {
      place(update, existing, leaving, animate);
      done();
    }
  }

  // Puts every row where the update says, reusing the rows the page has; rows that move slide
  // from where they were (first, last, invert, play).
  function place(update, existing, leaving, animate) {
    var before = {};
    if (animate) Object.keys(existing).forEach(function (key) { before[key] = existing[key].getBoundingClientRect().top; });
    var focusedKey = document.activeElement && document.activeElement.closest && document.activeElement.closest("[data-key]");
    focusedKey = focusedKey && focusedKey.getAttribute("data-key");
    leaving.forEach(function (row) { row.remove(); });

    var fresh = {};
    Object.keys(update.rows).forEach(function (key) {
      var row = parse(update.rows[key]).firstElementChild;
      if (row) fresh[key] = row;
    });
    function rowFor(key) {
      var row = fresh[key];
      if (row && existing[key]) existing[key].replaceWith(row);
      return row || existing[key];
    }

    var lists = [];
    if (update.frame) {
      // Something around the rows changed (a section appeared, a header, the index): the frame
      // is laid out anew and the rows put into it. The page keeps its own form (its token).
      var frame = parse(update.frame).firstElementChild;
      var form = main.querySelector("#table-actions"), newForm = frame.querySelector("#table-actions");
      if (newForm) { if (form) newForm.replaceWith(form); else newForm.remove(); }
      var focusedId = document.activeElement && main.contains(document.activeElement) ? document.activeElement.id : "";
      var walker = document.createTreeWalker(frame, NodeFilter.SHOW_COMMENT);
      var markers = [];
      while (walker.nextNode()) {
        var match = /^tablestack:rows:(\d+)$/.exec(walker.currentNode.nodeValue);
        if (match) markers.push({ node: walker.currentNode, section: Number(match[1]) });
      }
      markers.forEach(function (marker) {
        var list = marker.node.parentNode;
        (update.sections[marker.section] || []).forEach(function (key) {
          var row = rowFor(key);
          if (row) list.insertBefore(row, marker.node);
        });
        marker.node.remove();
      });
      main.replaceChildren.apply(main, Array.prototype.slice.call(frame.childNodes));
      // The page's own attributes (its revision, the stream's state) stay; the rest follow the frame.
      var own = ["data-revision", "data-live-state"];
      Array.prototype.slice.call(main.attributes).forEach(function (attribute) {
        if (own.indexOf(attribute.name) < 0 && !frame.hasAttribute(attribute.name)) main.removeAttribute(attribute.name);
      });
      Array.prototype.slice.call(frame.attributes).forEach(function (attribute) {
        if (own.indexOf(attribute.name) < 0) main.setAttribute(attribute.name, attribute.value);
      });
      var refocus = focusedId && document.getElementById(focusedId);
      if (refocus && refocus !== document.activeElement) refocus.focus({ preventScroll: true });
    } else {
      update.sections.forEach(function (keys, number) {
        var section = main.querySelector('[data-section="' + number + '"]');
        var list = section && section.querySelector(".section__rows");
        if (!list) return;
        var previous = null;
        keys.forEach(function (key) {
          var row = rowFor(key);
          if (!row) return;
          if (previous ? previous.nextElementSibling !== row : list.firstElementChild !== row) {
            if (previous) previous.after(row); else list.prepend(row);
          }
          previous = row;
        });
      });
    }

    // Index paths follow the rows' new places; the forms carry the new revision.
    update.sections.forEach(function (keys, number) {
      keys.forEach(function (key, position) {
        var row = fresh[key] || existing[key];
        if (row) row.setAttribute("data-index-path", number + "." + position);
      });
    });
    setRevision(update.revision);
    // An item's page is titled by its item, which may have been renamed.
    if (update.title) {
      document.querySelectorAll(".navigation-bar__title, .navigation-bar__large-title, .navigation-bar__inline-title")
        .forEach(function (element) { element.textContent = update.title; });
    }
    if (update.documentTitle) document.title = update.documentTitle;
    // The back button names the page above, which may have been renamed too.
    if (update.backTitle) {
      document.querySelectorAll(".back-button__title, .back-button__gauge")
        .forEach(function (element) { element.textContent = update.backTitle; });
    }

    if (focusedKey && fresh[focusedKey]) {
      var action = fresh[focusedKey].querySelector(".row__action") || fresh[focusedKey];
      if (action.focus) action.focus({ preventScroll: true });
    }
    if (animate) {
      update.inserted.forEach(function (key) { if (fresh[key]) fresh[key].classList.add("row--inserted"); });
      update.reloaded.forEach(function (key) { if (fresh[key]) fresh[key].classList.add("row--reloaded"); });
      Object.keys(before).forEach(function (key) {
        var row = fresh[key] || existing[key];
        if (!row || !row.isConnected) return;
        var shift = before[key] - row.getBoundingClientRect().top;
        if (Math.abs(shift) < 1) return;
        row.style.transform = "translateY(" + shift + "px)";
        row.style.transition = "none";
        requestAnimationFrame(function () {
          row.style.transition = "transform 0.3s ease";
          row.style.transform = "";
          row.addEventListener("transitionend", function () { row.style.transition = ""; }, { once: true });
        });
      });
    }
    announce(update.announcement);
  }

  connect();
})();
