"""kiln as a Ray Serve deployment (examples/ray_serve.py): a local Ray cluster, two replicas on
the CPU Vulkan device (lavapipe in CI), 20 concurrent requests of batch 1-3 through the
deployment's handle, each answer checked against onnxruntime on the same request, batching by
``@serve.batch`` seen in the answers.

Ray is not part of .ci/requirements.txt (its install and cluster start-up would add minutes to
the python tier on 2 cores): without ``ray[serve]`` installed the test is skipped with a
``KILN-SKIP`` line (``pip install "ray[serve]==2.60.0"`` into .venv runs it).
"""

import importlib.util
import os
import sys

import numpy as np
import onnxruntime as ort
import pytest

from conftest import REPO, RESNET_TINY

RAY_MISSING = importlib.util.find_spec("ray") is None or importlib.util.find_spec("ray.serve") is None
SKIP_REASON = 'KILN-SKIP ray[serve] is not installed (pip install "ray[serve]==2.60.0" runs this test)'
if RAY_MISSING:
    # Visible in the tier's output whatever pytest's verbosity (the summary counts it too).
    print(SKIP_REASON, file=sys.stderr)
pytestmark = pytest.mark.skipif(RAY_MISSING, reason=SKIP_REASON)

REQUESTS = 20


@pytest.fixture(scope="module")
def ray_cluster():
    import ray
    from ray import serve

    # The replicas inherit this process's environment (KILN_DEVICE, KILN_CHECK_BOUNDS, ...);
    # they unpickle the deployment class from the example's module, so they need its folder.
    examples = os.path.join(REPO, "examples")
    path = os.pathsep.join(p for p in (examples, os.environ.get("PYTHONPATH")) if p)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    yield
    serve.shutdown()
    ray.shutdown()


def test_two_replicas_answer_concurrent_batched_requests(ray_cluster):
    sys.path.insert(0, os.path.join(REPO, "examples"))
    import ray_serve

    handle = ray_serve.deploy(RESNET_TINY, replicas=2, cpus_per_replica=0.5)
    rng = np.random.default_rng(11)
    requests = [rng.standard_normal((1 + k % 3, 3, 32, 32)).astype(np.float32)
                for k in range(REQUESTS)]
    responses = [handle.remote(x) for x in requests]  # all in flight at once
    answers = [r.result(timeout_s=300) for r in responses]
    reference = ort.InferenceSession(RESNET_TINY, providers=["CPUExecutionProvider"])
    for k, (x, answer) in enumerate(zip(requests, answers)):
        (expected,) = reference.run(None, {"input": x})
        got = answer["output"]
        assert got.shape == expected.shape, f"request {k}"
        scale = np.sqrt(np.mean(expected.astype(np.float64) ** 2))
        assert np.max(np.abs(got - expected)) <= 1e-4 * scale + 1e-5 * np.max(np.abs(expected)), (
            f"request {k}: max error {np.max(np.abs(got - expected))}"
        )
    replicas = {a["replica"] for a in answers}
    largest_batch = max(a["batch_requests"] for a in answers)
    print(f"ray serve: {len(replicas)} replicas answered, largest batch {largest_batch} requests, "
          f"devices {sorted({a['device'] for a in answers})}")
    assert len(replicas) == 2, "both replicas take requests"
    assert largest_batch > 1, "@serve.batch stacked concurrent requests"
