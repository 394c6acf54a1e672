"""kiln from Python: ONNX models compiled to Vulkan SPIR-V, run through an onnxruntime-style
session.

An onnxruntime script runs by changing its import::

    import kiln as ort                      # was: import onnxruntime as ort
    session = ort.InferenceSession("model.onnx")
    (y,) = session.run(None, {"input": x})  # numpy in, numpy out

Symbolic dims (a batch ``N``) are taken from the fed arrays. Models compile for the device
the session opens (the best Vulkan device; ``device=`` or ``KILN_DEVICE`` choose another);
``kiln.compile`` makes an artifact for any target without a device, ``kiln.load`` reads one
back, and ``kiln.devices()`` lists the devices.

Errors are ``kiln.KilnError`` subclasses carrying the CLI's messages: ``KilnModelError`` (the
model cannot be read, imported or compiled), ``KilnInputError`` (a feed does not fit: unknown
or missing name, wrong dtype or shape; also a ``ValueError``), ``KilnDeviceError`` (no device,
or one without what the program needs) and ``KilnInternalError`` (a bug or a driver failure).
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _kiln
from ._kiln import (
    Artifact,
    KilnDeviceError,
    KilnError,
    KilnInputError,
    KilnInternalError,
    KilnModelError,
    __version__,
)

__all__ = [
    "Artifact",
    "InferenceSession",
    "KilnDeviceError",
    "KilnError",
    "KilnInputError",
    "KilnInternalError",
    "KilnModelError",
    "NodeArg",
    "RunOptions",
    "SessionOptions",
    "compile",
    "devices",
    "get_available_providers",
    "load",
    "__version__",
]

#: The provider name kiln reports (and accepts) where onnxruntime names execution providers.
PROVIDER = "KilnExecutionProvider"

ModelSource = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, Artifact]


class NodeArg:
    """An input or output of a session, as onnxruntime's ``NodeArg``.

    ``name``: the graph's name for it; ``shape``: a list of ints, with strings for symbolic
    dims (``["N", 3, 224, 224]``) and ``None`` for a dim the model leaves unknown; ``type``: the
    ONNX type string (``"tensor(float)"``, ``"tensor(int64)"``, ...).
    """

    __slots__ = ("name", "shape", "type")

    def __init__(self, name: str, shape: List[Union[int, str, None]], type: str) -> None:
        self.name = name
        self.shape = shape
        self.type = type

    def __repr__(self) -> str:
        return f"NodeArg(name={self.name!r}, type={self.type!r}, shape={self.shape!r})"


class SessionOptions:
    """Accepted for onnxruntime compatibility; kiln reads none of its settings.

    Any attribute may be set (``graph_optimization_level``, ``intra_op_num_threads``, ...).
    """

    def __init__(self) -> None:
        self.graph_optimization_level = None
        self.intra_op_num_threads = 0
        self.inter_op_num_threads = 0
        self.log_severity_level = 2


class RunOptions:
    """Accepted by ``InferenceSession.run`` for onnxruntime compatibility; not read."""


def get_available_providers() -> List[str]:
    """The execution providers kiln offers: ``["KilnExecutionProvider"]``."""
    return [PROVIDER]


def _numpy_dtype(name: Optional[str]) -> Optional[np.dtype]:
    if name is None:
        return None
    if name == "bfloat16":
        try:
            import ml_dtypes  # noqa: F401 (optional: bf16 arrays)
        except ImportError:
            return None
        return np.dtype(ml_dtypes.bfloat16)
    return np.dtype(name)


def _is_bfloat16(dtype: Optional[np.dtype]) -> bool:
    return dtype is not None and dtype.name == "bfloat16"


def _model_argument(model: Any) -> Any:
    if isinstance(model, (bytearray, memoryview)):
        return bytes(model)
    if isinstance(model, (bytes, Artifact)):
        return model
    return os.fspath(model)


def _kiln_options(providers: Any, provider_options: Any) -> Dict[str, Any]:
    """The options given to ``KilnExecutionProvider`` (other providers are ignored, so that a
    script naming CUDA or CPU providers runs unchanged)."""
    options: Dict[str, Any] = {}
    for k, p in enumerate(providers or []):
        name, opts = (p if isinstance(p, (tuple, list)) else (p, None))
        if provider_options is not None and k < len(provider_options):
            opts = provider_options[k]
        if name == PROVIDER and opts:
            options.update(opts)
    return options


class InferenceSession:
    """A model compiled for a Vulkan device, run like onnxruntime's ``InferenceSession``.

    ``path_or_bytes``: an ``.onnx``, ``.mlir`` or ``.kiln`` file, serialized ONNX or artifact
    bytes, or a ``kiln.Artifact``. ``sess_options`` is accepted and ignored; ``providers`` may
    name ``"KilnExecutionProvider"`` with options ``{"device": ..., "precision": ...,
    "target": ...}`` (as ``(name, options)`` or through ``provider_options``); other provider
    names are ignored. The keyword arguments ``device`` (an index or a name substring from
    ``kiln.devices()``), ``precision`` (``"f32"``, ``"f16"``, ``"bf16"``) and ``target``
    (``"auto"``: the device's own) take precedence.

    The model compiles when the session is made, and each symbolic dim takes its size from the
    fed arrays at each run. A model whose shape computations need a dim's size or an input's
    value compiles at its first run for the fed sizes and values, and again when they change
    (the last few compiles are kept). ``run`` releases the GIL; a session may be shared by
    threads (runs of one session take turns on the device).
    """

    def __init__(
        self,
        path_or_bytes: ModelSource,
        sess_options: Optional[SessionOptions] = None,
        providers: Optional[Sequence[Union[str, Tuple[str, Dict[str, Any]]]]] = None,
        provider_options: Optional[Sequence[Dict[str, Any]]] = None,
        *,
        device: Optional[Union[int, str]] = None,
        precision: Optional[str] = None,
        target: Optional[str] = None,
        **kwargs: Any,
    ) -> None:
        options = _kiln_options(providers, provider_options)
        device = device if device is not None else options.get("device")
        precision = precision or options.get("precision") or "f32"
        target = target or options.get("target") or "auto"
        self._options = {"device": device, "precision": precision, "target": target}
        self._session = _kiln.Session(
            _model_argument(path_or_bytes),
            None if device is None else str(device),
            target,
            precision,
        )
        self._inputs = [NodeArg(n, s, t) for n, s, t, _, _ in self._session.inputs()]
        self._outputs = [NodeArg(n, s, t) for n, s, t, _, _ in self._session.outputs()]
        # Per input: name, declared numpy dtype, the host dtype kiln holds it in, type string.
        self._feed_specs = [
            (n, _numpy_dtype(d), _numpy_dtype(h), t) for n, _, t, d, h in self._session.inputs()
        ]
        self._output_dtypes = [_numpy_dtype(d) for _, _, _, d, _ in self._session.outputs()]
        self._output_index = {o.name: k for k, o in enumerate(self._outputs)}

    def get_inputs(self) -> List[NodeArg]:
        """The model's inputs (initializers excluded), in graph order."""
        return list(self._inputs)

    def get_outputs(self) -> List[NodeArg]:
        """The model's outputs, in graph order."""
        return list(self._outputs)

    def get_overridable_initializers(self) -> List[NodeArg]:
        """Always empty: kiln folds initializers into the compiled program."""
        return []

    def get_providers(self) -> List[str]:
        """``["KilnExecutionProvider"]``."""
        return [PROVIDER]

    def get_provider_options(self) -> Dict[str, Dict[str, str]]:
        """The device, precision and target the session compiled with."""
        return {
            PROVIDER: {
                "device": self._session.device_name,
                "precision": str(self._options["precision"]),
                "target": str(self._options["target"]),
            }
        }

    def get_session_options(self) -> SessionOptions:
        return SessionOptions()

    @property
    def device_name(self) -> str:
        """The name of the Vulkan device the session runs on."""
        return self._session.device_name

    def run(
        self,
        output_names: Optional[Sequence[str]],
        input_feed: Mapping[str, Any],
        run_options: Optional[RunOptions] = None,
    ) -> List[np.ndarray]:
        """Runs the model; returns the outputs named by ``output_names`` (``None``: all), as
        numpy arrays of their declared dtypes.

        ``input_feed`` maps each input's name to a numpy array of exactly its declared dtype
        (as onnxruntime requires: a float64 array for a ``tensor(float)`` input is an error,
        not a silent cast). Raises ``KilnInputError`` for an unknown or missing name, a wrong
        dtype, rank or shape.
        """
        feeds = []
        for name, declared, held, type_string in self._feed_specs:
            try:
                value = input_feed[name]
            except KeyError:
                raise KilnInputError(
                    f"input '{name}' is missing from the feed (the model's inputs: "
                    f"{', '.join(repr(s[0]) for s in self._feed_specs)})"
                ) from None
            array = value if isinstance(value, np.ndarray) else np.asarray(value)
            if declared is None:
                raise KilnInputError(
                    f"input '{name}' is {type_string}, which kiln cannot take from numpy"
                    + (" (bfloat16 needs the ml_dtypes package)" if "bfloat16" in type_string else "")
                )
            if array.dtype != declared:
                raise KilnInputError(
                    f"input '{name}': expected {type_string} (numpy {declared}), got numpy "
                    f"{array.dtype}"
                )
            if held is None:
                raise KilnInputError(f"input '{name}': kiln cannot run {type_string} inputs")
            if held != declared:
                array = array.astype(held)
            if _is_bfloat16(held):
                array = array.view(np.uint16)  # bf16 crosses as its bits, without a copy
            feeds.append(array)
        if len(input_feed) != len(self._feed_specs):
            known = {s[0] for s in self._feed_specs}
            unknown = [n for n in input_feed if n not in known]
            raise KilnInputError(
                f"input {', '.join(repr(n) for n in unknown)} is not an input of the model "
                f"(its inputs: {', '.join(repr(s[0]) for s in self._feed_specs)})"
            )
        outputs = self._session.run(feeds)
        if output_names is None:
            picked = range(len(outputs))
        else:
            try:
                picked = [self._output_index[n] for n in output_names]
            except KeyError as e:
                raise KilnInputError(
                    f"output {e.args[0]!r} is not an output of the model (its outputs: "
                    f"{', '.join(repr(o.name) for o in self._outputs)})"
                ) from None
        result = []
        for k in picked:
            y = outputs[k]
            dtype = self._output_dtypes[k] if k < len(self._output_dtypes) else None
            if _is_bfloat16(dtype) and y.dtype == np.uint16:
                y = y.view(dtype)  # the bits of bf16 values
            elif dtype is not None and y.dtype != dtype:
                y = y.astype(dtype)
            result.append(y)
        return result


def compile(
    model: ModelSource,
    target: str = "auto",
    precision: str = "f32",
    dims: Optional[Mapping[str, int]] = None,
) -> Artifact:
    """Compiles a model into an artifact (``artifact.save("m.kiln")``; run it with
    ``InferenceSession(artifact)`` or ``InferenceSession("m.kiln")``).

    ``target``: ``"auto"`` (the default device's own target env), a preset (``"llvmpipe"``,
    ``"nvidia-h200"``, ``"vulkan1.1"``; no device needed) or a JSON file; ``precision``:
    ``"f32"``, ``"f16"`` or ``"bf16"``; ``dims``: sizes of symbolic dims of an ONNX model
    (``{"N": 8}``, the CLI's ``--dim``), so that the shape logic that depends on them folds.
    """
    return _kiln.compile(_model_argument(model), target, precision, dict(dims) if dims else None)


def load(path: Union[str, "os.PathLike[str]"]) -> Artifact:
    """Reads a ``.kiln`` artifact; every SPIR-V module is verified as it is read."""
    return _kiln.load(os.fspath(path))


def devices() -> List[Dict[str, Any]]:
    """The Vulkan devices, best first: dicts with ``index``, ``name``, ``type``, ``vendor``,
    ``driver`` and ``api_version`` (``device=`` takes the index or a name substring)."""
    return _kiln.devices()


def get_device() -> str:
    """``"GPU"`` when the best device is a GPU, else ``"CPU"`` (onnxruntime's ``get_device``)."""
    found = _kiln.devices()
    return "GPU" if found and "Gpu" in found[0]["type"] else "CPU"
