package dev.loomlab.cli.doctor;

/** One of {@code loomlab doctor}'s checks: judges one fact family of the machine against what a plan needs. */
interface MachineCheck {
    Check judge(MachineFacts facts, Needs needs);
}
