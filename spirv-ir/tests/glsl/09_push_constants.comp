#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(push_constant) uniform P { uint rows; uint cols; float alpha; float beta; } pc;
layout(set = 0, binding = 0) buffer M { float m[]; };
void main() {
    uvec2 g = gl_GlobalInvocationID.xy;
    if (g.x >= pc.cols || g.y >= pc.rows) return;
    uint idx = g.y * pc.cols + g.x;
    m[idx] = pc.alpha * m[idx] + pc.beta;
}
