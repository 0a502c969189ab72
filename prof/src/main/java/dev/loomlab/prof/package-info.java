/**
 * What the parent makes of a trial's profile once the trial has ended, from its {@code .jfr} (the JDK's Flight
 * Recorder or async-profiler's JFR output): {@link dev.loomlab.prof.FlameGraphs} (self-contained HTML pages drawn
 * by async-profiler's converter), {@link dev.loomlab.prof.TopFrames} (the top frames by self samples), and the
 * {@link dev.loomlab.prof.VirtualThreadView} of a JFR recording with its {@link dev.loomlab.prof.Verdict}.
 */
package dev.loomlab.prof;
