"""The Inca Empire page: boots the engine and shows the start screen."""

import inca_core
from pyscript import document

document.getElementById("loading").hidden = True
document.body.dataset.screen = "start"
document.getElementById("status").textContent = f"Inca Empire engine {inca_core.__version__} ready."
document.body.dataset.ready = "1"
