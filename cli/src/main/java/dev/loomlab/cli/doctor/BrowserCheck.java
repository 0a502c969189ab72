package dev.loomlab.cli.doctor;

/** Chromium for the browser test, which opens report.html headless; it is skipped without one, except on CI. */
final class BrowserCheck implements MachineCheck {
    static final String NAME = "chromium";

    @Override
    public Check judge(MachineFacts facts, Needs needs) {
        var raw = facts.browser().json();
        if (facts.browser().chromium().isPresent()) {
            return Check.of(NAME, CheckStatus.OK, "chromium: " + facts.browser().chromium().get(),
                    "the browser test opens report.html in it, headless", "", raw);
        }
        return Check.of(NAME, CheckStatus.INFO, "no " + String.join(", ", BrowserFacts.NAMES) + " on PATH",
                "the browser test is skipped (CI, with LOOMLAB_REQUIRE_ALL_TESTS=true, fails instead)", "apt-get install chromium", raw);
    }
}
