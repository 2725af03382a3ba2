/* Worked examples you can step through (docs_gen/table_view.py writes the data).
 *
 * Each .table-view block holds the reference engine's observations, exported when the site was
 * built: before the first action and after each one. This script only draws them: the seats
 * around a table with their cards, the trick in the middle (a trick just completed stays there for
 * the step that completed it, its winning card marked), trump and the score above, and one
 * step per click on the buttons or per arrow key (right and left) while the table has focus.
 */
(function () {
  "use strict";

  var SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  var SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades", N: "no trump" };
  var LAYOUTS = {
    2: ["bottom", "top"],
    3: ["bottom", "left", "right"],
    4: ["bottom", "left", "top", "right"],
    6: ["bottom", "bottom-left", "top-left", "top", "top-right", "bottom-right"],
  };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function card(code, names) {
    var face = code.split("#")[0];
    var node = el("span", "card");
    node.dataset.card = code;
    if (face === "JR" || face === "JB" || face === "JK") {
      node.classList.add("joker", face === "JR" ? "red" : "black");
      node.textContent = "★";
      node.appendChild(el("small", "", names[face] || "Joker"));
      node.title = (names[face] || "Joker") + " (" + code + ")";
      return node;
    }
    var rank = face[0] === "T" ? "10" : face[0];
    var suit = face[1];
    node.classList.add(suit === "D" || suit === "H" ? "red" : "black");
    node.textContent = rank + SUITS[suit];
    node.title = rank + " of " + SUIT_NAMES[suit] + " (" + code + ")";
    return node;
  }

  function cards(codes, names) {
    var row = el("span", "cards");
    codes.forEach(function (code) {
      row.appendChild(card(code, names));
    });
    if (!codes.length) row.appendChild(el("em", "", "no cards"));
    return row;
  }

  function scoreText(data, step) {
    var parts = [];
    if (step.trump) parts.push("Trump: " + (SUITS[step.trump] || "") + " " + SUIT_NAMES[step.trump]);
    else if (step.up_card) parts.push("Up-card: " + card(step.up_card, data.names).textContent);
    if (step.maker !== null && step.maker !== undefined) {
      parts.push("Maker: seat " + step.maker + (step.maker_alone ? " (alone)" : ""));
    }
    parts.push("Tricks: " + step.tricks_won.join(" · "));
    if (step.scores) parts.push("Score: " + step.scores.join(" – "));
    if (step.legal_actions && step.to_act !== null && step.to_act !== undefined) {
      parts.push("Seat " + step.to_act + " may: " + (step.legal_actions.join(", ") || "nothing"));
    }
    return parts.join("   ");
  }

  function build(block) {
    var data = JSON.parse(block.querySelector("script[type='application/json']").textContent);
    var positions = LAYOUTS[data.seats.length] || LAYOUTS[4];
    var index = 0;
    block.tabIndex = 0;
    block.setAttribute("role", "group");
    block.setAttribute("aria-label", "Step through " + data.id + " with the arrow keys");
    var fallback = block.querySelector(".table-view-fallback");
    if (fallback) fallback.remove();

    var status = el("div", "tv-status");
    var felt = el("div", "tv-felt tv-seats-" + data.seats.length);
    var seats = data.seats.map(function (label, seat) {
      var box = el("div", "tv-seat tv-" + positions[seat]);
      box.dataset.seat = String(seat);
      box.appendChild(el("div", "tv-label", label));
      box.appendChild(el("div", "tv-hand"));
      felt.appendChild(box);
      return box;
    });
    var middle = el("div", "tv-middle");
    felt.appendChild(middle);
    var controls = el("div", "tv-controls");
    var back = el("button", "md-button tv-back", "← Back");
    var next = el("button", "md-button md-button--primary tv-next", "Next →");
    var caption = el("span", "tv-caption");
    back.type = next.type = "button";
    controls.appendChild(back);
    controls.appendChild(caption);
    controls.appendChild(next);
    block.appendChild(status);
    block.appendChild(felt);
    block.appendChild(controls);

    function show() {
      var step = data.steps[index];
      status.textContent = scoreText(data, step);
      seats.forEach(function (box, seat) {
        var hand = box.querySelector(".tv-hand");
        hand.replaceChildren(cards(step.hands[seat] || [], data.names));
        box.classList.toggle("tv-to-act", step.to_act === seat);
        box.classList.toggle("tv-out", (step.sitting_out || []).indexOf(seat) >= 0);
      });
      middle.replaceChildren();
      if (step.completed) {
        // the trick this step completed: the engine's observation has moved on to the next (empty) one
        step.completed.cards.forEach(function (played) {
          var won = played[0] === step.completed.winner;
          var slot = el("span", "tv-played" + (won ? " tv-won" : ""));
          slot.appendChild(el("small", "", won ? "seat " + played[0] + " wins" : "seat " + played[0]));
          slot.appendChild(card(played[1], data.names));
          middle.appendChild(slot);
        });
        var said = "trick won by seat " + step.completed.winner;
        middle.appendChild(el("em", "tv-trick-note", step.hand_over ? said + "; hand over" : said));
      } else if (step.trick && step.trick.length) {
        step.trick.forEach(function (played) {
          var slot = el("span", "tv-played");
          slot.appendChild(el("small", "", "seat " + played[0]));
          slot.appendChild(card(played[1], data.names));
          middle.appendChild(slot);
        });
      } else if (!step.trump && step.up_card) {
        var up = el("span", "tv-played");
        up.appendChild(el("small", "", "up-card"));
        up.appendChild(card(step.up_card, data.names));
        middle.appendChild(up);
      } else {
        middle.appendChild(el("em", "", step.hand_over ? "hand over" : "no trick yet"));
      }
      var done = index === 0 ? "the deal" : "step " + index + ": seat " + data.actions[index - 1].replace(" ", " → ");
      caption.textContent = done + " (" + index + " of " + (data.steps.length - 1) + ")";
      block.dataset.step = String(index);
      back.disabled = index === 0;
      next.disabled = index === data.steps.length - 1;
    }

    function go(delta) {
      var wanted = Math.max(0, Math.min(data.steps.length - 1, index + delta));
      if (wanted !== index) {
        index = wanted;
        show();
        // the tables of a pair (a rules diff: one hand under two rule sets) step together
        var pair = block.closest(".tv-pair");
        if (pair) {
          pair.querySelectorAll(".table-view").forEach(function (other) {
            if (other !== block && other.tvStep) other.tvStep(index);
          });
        }
      }
    }

    block.tvStep = function (wanted) {
      index = Math.max(0, Math.min(data.steps.length - 1, wanted));
      show();
    };

    back.addEventListener("click", function () {
      go(-1);
    });
    next.addEventListener("click", function () {
      go(1);
    });
    block.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight") go(1);
      else if (event.key === "ArrowLeft") go(-1);
      else return;
      event.preventDefault();
    });
    show();
  }

  function start() {
    document.querySelectorAll(".table-view:not([data-step])").forEach(build);
  }

  // Material's instant navigation swaps pages without a reload; document$ tells when a page is shown.
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(start);
  else document.addEventListener("DOMContentLoaded", start);
})();
