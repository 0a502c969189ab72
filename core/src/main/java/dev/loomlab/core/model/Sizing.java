package dev.loomlab.core.model;

/** Whether a model kind's name takes a size after a colon, as in {@code platform:200}. */
public enum Sizing {
    /** Never: {@code virtual}. */
    NONE,
    /** Always: {@code virtual-bounded:N}. */
    REQUIRED,
    /** Either: {@code platform} is a platform thread, {@code platform:200} a pool of 200. */
    OPTIONAL
}
