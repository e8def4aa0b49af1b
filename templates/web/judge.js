// With script on, each deadline also says when that is in the reader's own time zone. Nothing else needs it.
document.querySelectorAll("time.deadline[datetime]").forEach(function (t) {
  var when = new Date(t.getAttribute("datetime"));
  if (isNaN(when)) { return; }
  var yours = document.createElement("small");
  yours.textContent = " (your time: " + when.toLocaleString(undefined, {weekday: "short", year: "numeric",
    month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short"}) + ")";
  t.parentNode.insertBefore(yours, t.nextSibling);
});
