package dev.loomlab.junit;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs the classes of {@link Examples} only when {@link ExampleRun} runs them: several fail on purpose,
 * and a run of the whole test folder (an IDE's, which finds static nested classes too) must skip them.
 */
public final class ExampleCondition implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return context.getConfigurationParameter(ExampleRun.ENABLED).filter("true"::equals).isPresent()
                ? ConditionEvaluationResult.enabled("run by ExampleRun")
                : ConditionEvaluationResult.disabled("an example test class that ExampleRun runs (some fail on purpose)");
    }
}
