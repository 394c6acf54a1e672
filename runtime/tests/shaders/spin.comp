#version 450
// A deliberately long-running kernel: every workgroup runs `iterations` dependent
// multiply-adds (lavapipe caps a loop at 65535 iterations, so length comes from the number
// of workgroups). Used to exercise fence timeouts.
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Out { float result[]; };
layout(push_constant) uniform Push { uint iterations; } push;
void main() {
    uint i = gl_WorkGroupID.x;
    float acc = result[i];
    for (uint k = 0; k < push.iterations; k++) {
        acc = acc * 0.999999 + 1.0;
    }
    result[i] = acc;
}
