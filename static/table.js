// Optional: after a tap, disable the tap buttons so a double tap sends one request.
// Everything works without this file (each form also carries a one-time token).
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form.dataset.sent) { event.preventDefault(); return; }
  form.dataset.sent = "1";
  setTimeout(function () {
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
  }, 0);
});
window.addEventListener("pageshow", function () {
  document.querySelectorAll("form[data-sent]").forEach(function (form) {
    delete form.dataset.sent;
    form.querySelectorAll("button:not(.struck)").forEach(function (b) { b.disabled = false; });
  });
});
