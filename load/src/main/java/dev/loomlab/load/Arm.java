package dev.loomlab.load;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.loomlab.core.section.ResultSection;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One configuration of a user's service that {@code loomlab assess} starts and measures: its name, the JVM flags and
 * environment it adds to the service's own command, and the JDK that runs it. Every result of an assessment carries its
 * arm; its name is also the result's parameter {@value #PARAM}, so that tables, {@code compare} and {@code advise} tell
 * the arms apart.
 *
 * @param name  e.g. {@code virtual}
 * @param flags the JVM flags the arm adds, in order; empty for none
 * @param env   the environment variables the arm sets; empty for none
 * @param jdk   the home of the JDK {@code --jvm} named for it (the command's {@code java}, or {@code JAVA_HOME} of another
 *              command); null when the command chooses its own java. The result's {@code jvm} is the generator's
 */
@JsonPropertyOrder({"name", "flags", "env", "jdk"})
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Arm(String name, List<String> flags, Map<String, String> env, String jdk) {
    /** The arm of an assessment's result. */
    public static final ResultSection.Value<Arm> SECTION = ResultSection.value("arm", Arm.class);
    /** The result parameter that names the arm. */
    public static final String PARAM = "arm";

    public Arm {
        flags = flags == null ? List.of() : List.copyOf(flags);
        env = env == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(env));
    }
}
