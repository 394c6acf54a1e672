#version 450
layout(local_size_x = 64) in;
layout(constant_id = 0) const uint TILE = 4;
layout(constant_id = 1) const float SCALE = 1.5;
layout(constant_id = 2) const bool FLIP = false;
layout(set = 0, binding = 0) buffer D { float d[]; };
void main() {
    uint base = gl_GlobalInvocationID.x * TILE;
    for (uint k = 0u; k < TILE; ++k) {
        float v = d[base + k] * SCALE;
        d[base + k] = FLIP ? -v : v;
    }
}
