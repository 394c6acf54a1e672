"""kiln behind Ray Serve: one kiln.InferenceSession per replica, each pinned to one Vulkan
device, with request batching through ``@serve.batch``, and a client that talks to the
deployment through its handle.

    pip install "ray[serve]==2.60.0"
    .venv/bin/python examples/ray_serve.py [MODEL.onnx] [--replicas 2] [--requests 20]

Each request is one array whose first dim is the model's batch dim (``N``): the replica stacks
the requests that ``@serve.batch`` hands it along that dim, runs the model once, and splits the
results back, one per request. The model's first input takes the batch; a model with more
inputs would stack each the same way.

Devices. A replica opens its session on ``device`` (an index or a name substring from
``kiln.devices()``), else on ``KILN_DEVICE``, else on the GPU Ray gave it, else on kiln's best
device. On a host with several GPUs, give each replica one GPU
(``ray_actor_options={"num_gpus": 1}``, the ``--gpus-per-replica`` flag below): Ray assigns each
replica its own GPU id, and the replica opens kiln device ``ray.get_gpu_ids()[0]``, so replica
``k`` of ``n`` runs on its own device. kiln numbers devices best first (discrete GPUs first, in
the order the Vulkan loader lists them); on a host of identical GPUs that is the loader's order,
which is usually, but not by any guarantee, the PCI order that Ray's ids follow. Where the two
orders must agree exactly, pass ``device=`` per deployment (one deployment per GPU, by name or
index) instead. On a machine without a GPU (CI: lavapipe) every replica runs on the CPU device.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from typing import List, Optional, Union

import numpy as np
from ray import serve

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MODEL = os.path.join(HERE, "models", "resnet_tiny.onnx")


def replica_device(device: Optional[Union[int, str]]) -> Optional[str]:
    """The kiln device a replica opens: ``device``, ``KILN_DEVICE``, the replica's Ray GPU, or
    ``None`` (kiln's best device)."""
    if device is not None:
        return str(device)
    if os.environ.get("KILN_DEVICE"):
        return os.environ["KILN_DEVICE"]
    import ray

    gpu_ids = ray.get_gpu_ids()
    return str(int(gpu_ids[0])) if gpu_ids else None


@serve.deployment
class KilnModel:
    """A kiln session on one device; ``__call__`` takes one request's array (batch dim first)
    and returns the model's first output for it."""

    def __init__(
        self,
        model_path: str,
        device: Optional[Union[int, str]] = None,
        max_batch_size: int = 8,
        batch_wait_timeout_s: float = 0.02,
    ) -> None:
        import kiln

        self.session = kiln.InferenceSession(model_path, device=replica_device(device))
        self.input_name = self.session.get_inputs()[0].name
        self.infer.set_max_batch_size(max_batch_size)
        self.infer.set_batch_wait_timeout_s(batch_wait_timeout_s)

    @serve.batch(max_batch_size=8, batch_wait_timeout_s=0.02)
    async def infer(self, requests: List[np.ndarray]) -> List[dict]:
        sizes = [r.shape[0] for r in requests]
        stacked = np.concatenate(requests, axis=0)
        # kiln releases the GIL while the model runs: a worker thread keeps the replica's event
        # loop free to collect the next batch meanwhile.
        outputs = await asyncio.to_thread(self.session.run, None, {self.input_name: stacked})
        output = outputs[0]
        parts = np.split(output, np.cumsum(sizes)[:-1], axis=0)
        return [
            {"output": part, "batch_requests": len(requests), "device": self.session.device_name,
             "replica": serve.get_replica_context().replica_id.unique_id}
            for part in parts
        ]

    async def __call__(self, request: np.ndarray) -> dict:
        return await self.infer(request)


def deploy(
    model_path: str = DEFAULT_MODEL,
    replicas: int = 2,
    gpus_per_replica: float = 0,
    cpus_per_replica: float = 0.5,
    device: Optional[Union[int, str]] = None,
):
    """Starts the deployment (``serve.run``) and returns its handle."""
    app = KilnModel.options(
        num_replicas=replicas,
        ray_actor_options={"num_cpus": cpus_per_replica, "num_gpus": gpus_per_replica},
    ).bind(model_path, device)
    return serve.run(app, name="kiln", route_prefix=None)


def main() -> None:
    import ray

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model", nargs="?", default=DEFAULT_MODEL)
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--gpus-per-replica", type=float, default=0)
    args = parser.parse_args()
    ray.init(num_cpus=max(2, args.replicas), include_dashboard=False)
    handle = deploy(args.model, args.replicas, args.gpus_per_replica)
    import kiln

    (arg,) = kiln.InferenceSession(args.model).get_inputs()[:1]
    rng = np.random.default_rng(0)
    requests = []
    for k in range(args.requests):
        shape = [d if isinstance(d, int) else 1 + k % 3 for d in arg.shape]
        requests.append(rng.standard_normal(shape).astype(np.float32))
    # Handle calls return at once; the responses resolve as the replicas answer.
    responses = [handle.remote(x) for x in requests]
    answers = [r.result() for r in responses]
    for x, a in zip(requests, answers):
        print(f"request of {x.shape[0]}: output {a['output'].shape} from replica {a['replica']} "
              f"on {a['device']}, in a batch of {a['batch_requests']} requests")
    serve.shutdown()
    ray.shutdown()


if __name__ == "__main__":
    main()
