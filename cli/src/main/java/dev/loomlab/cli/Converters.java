package dev.loomlab.cli;

import dev.loomlab.core.BadInputException;
import dev.loomlab.core.cpu.CpuList;
import dev.loomlab.core.param.Units;
import dev.loomlab.core.server.ServerArgs;
import dev.loomlab.core.slo.SloPolicy;
import dev.loomlab.load.LoadSpec;
import picocli.CommandLine.ITypeConverter;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * picocli converters of the CLI's typed options, on {@link Units}' parsers: an unreadable value throws a
 * {@link BadInputException} without the option's name, which {@link Main} adds (one line, exit 2).
 */
final class Converters {
    private Converters() {
    }

    /** An objective for {@code --slo} ({@link SloPolicy#parse}): terms such as {@code p99<500ms,errors<1%}, or {@code none}. */
    static final class SloConverter implements ITypeConverter<SloPolicy> {
        @Override
        public SloPolicy convert(String text) {
            return SloPolicy.parse(text);
        }
    }

    /** Text as given: the key converter of a map option whose values are typed. */
    static final class TextConverter implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            return text.strip();
        }
    }

    /** Text that must not be empty or blank: a folder ({@code --out ''} would be the current one) or a JVM flag. */
    static final class NonBlankConverter implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            if (text.isBlank()) {
                throw new BadInputException("'" + text + "' is empty");
            }
            return text;
        }
    }

    /** CPUs in Linux's list form: {@code 0}, {@code 0,2}, {@code 0-3}, {@code 0-1,4}. */
    static final class CpuListConverter implements ITypeConverter<CpuList> {
        @Override
        public CpuList convert(String text) {
            return CpuList.parse(null, text);
        }
    }

    /** {@code 300ms}, {@code 2s}, {@code 1m}: a unit is required. */
    static final class DurationConverter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            return Duration.ofNanos(Units.parseDurationNanos(null, text));
        }
    }

    /** {@code 10000}, {@code 10k}, {@code 1M}: 0 or more. */
    static final class CountConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            return Units.parseCount(null, text);
        }
    }

    /** A count that fits an int: forks, iterations. */
    static final class IntCountConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            long n = Units.parseCount(null, text);
            if (n > Integer.MAX_VALUE) {
                throw new BadInputException("'" + text + "' is too large");
            }
            return (int) n;
        }
    }

    /** A TCP port to listen on, 1..65535. */
    static final class PortConverter implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            int port;
            try {
                port = Integer.parseInt(text.strip());
            } catch (NumberFormatException e) {
                throw new BadInputException("'" + text + "' is not a port number (1..65535)");
            }
            if (port < 1 || port > 65_535) {
                throw new BadInputException("port " + port + " is not in 1..65535");
            }
            return port;
        }
    }

    /**
     * An IP address of this machine to listen on: 127.0.0.0/8, ::1, a wildcard (0.0.0.0, ::) or the address
     * of one of its interfaces; host names are refused rather than looked up.
     */
    static final class BindAddressConverter implements ITypeConverter<InetAddress> {
        @Override
        public InetAddress convert(String text) throws SocketException {
            InetAddress address = ServerArgs.parseAddress(text);
            if (!address.isLoopbackAddress() && !address.isAnyLocalAddress() && NetworkInterface.getByInetAddress(address) == null) {
                throw new BadInputException("'" + text + "' is not an address of this machine (e.g. 127.0.0.1, ::1 or 0.0.0.0)");
            }
            return address;
        }
    }

    /** Requests per second: {@code 5000/s} or {@code 5000}, above 0. */
    static final class RateConverter implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            String number = withoutUnit(text, "/s");
            double perSecond = Units.parseDecimal(null, number);
            if (!(perSecond > 0)) {
                throw new BadInputException("'" + text + "' must be above 0 requests per second (e.g. 5000/s)");
            }
            return perSecond;
        }
    }

    /** A percentage: {@code 5%}, {@code 2.5%} or {@code 5} (percent either way), 0 or more; the number of percent. */
    static final class PercentConverter implements ITypeConverter<Double> {
        @Override
        public Double convert(String text) {
            String number = withoutUnit(text, "%");
            double v;
            try {
                if (number.toLowerCase(Locale.ROOT).matches(".*[a-z].*")) {
                    throw new NumberFormatException(number);
                }
                v = Double.parseDouble(number);
            } catch (NumberFormatException e) {
                throw new BadInputException("'" + text + "' is not a percentage (e.g. 5%)");
            }
            if (!Double.isFinite(v) || v < 0) {
                throw new BadInputException("'" + text + "' must be a percentage of 0 or more (e.g. 5%)");
            }
            return v;
        }
    }

    /** The number in {@code text}, stripped, without {@code unit} after it when it is there. */
    private static String withoutUnit(String text, String unit) {
        String t = text.strip();
        return t.endsWith(unit) ? t.substring(0, t.length() - unit.length()).strip() : t;
    }

    /** An {@code http://} URL on this machine ({@link LoadSpec#parseTarget}). */
    static final class LocalUrlConverter implements ITypeConverter<URI> {
        @Override
        public URI convert(String text) {
            return LoadSpec.parseTarget(text);
        }
    }

    /**
     * An {@code http://} URL, on this machine or not ({@link LoadSpec#parseAnyTarget}): {@code load} checks that it is on
     * this machine unless remote JMeter engines load it ({@code --allow-remote-target}).
     */
    static final class HttpUrlConverter implements ITypeConverter<URI> {
        @Override
        public URI convert(String text) {
            return LoadSpec.parseAnyTarget(text);
        }
    }

    /**
     * One JVM flag of {@code --jvm-args}, after picocli split the option's text at white space (keeping
     * "double-quoted" parts whole): its double quotes removed, as a shell would; an unclosed one is bad input.
     */
    static final class JvmFlagConverter implements ITypeConverter<String> {
        @Override
        public String convert(String text) {
            if (text.chars().filter(c -> c == '"').count() % 2 != 0) {
                throw new BadInputException("unclosed quote in " + text);
            }
            return text.replace("\"", "");
        }
    }
}
