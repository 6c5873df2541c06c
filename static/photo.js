// Photograph the sheet: the photo chosen named under the page's own button (the browser's
// file field, which would say it in the phone's language, is kept out of sight).
(function () {
  const field = document.getElementById("photo");
  const chosen = document.getElementById("photo-chosen");
  if (!field || !chosen) return;
  field.addEventListener("change", function () {
    const file = field.files && field.files[0];
    if (file) chosen.textContent = file.name;
  });
})();
