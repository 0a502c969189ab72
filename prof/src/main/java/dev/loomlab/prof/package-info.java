/**
 * What the parent makes of a trial's profile once the trial has ended: flame graphs, the top frames by
 * self time, and the virtual-thread view of a JFR recording.
 */
package dev.loomlab.prof;
