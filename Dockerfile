# syntax=docker/dockerfile:1
# Build stage: the Maven wrapper builds operator.jar from this checkout.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -B -q -pl operator -am package -DskipTests

# Run stage: the operator jar on a JRE, as a non-root user with a read-only-friendly layout.
FROM eclipse-temurin:17-jre
RUN groupadd --system --gid 65532 operator \
 && useradd --system --uid 65532 --gid operator --no-create-home --shell /usr/sbin/nologin operator
COPY --from=build --chown=root:root --chmod=0444 /src/operator/target/operator.jar /opt/operator/operator.jar
USER 65532:65532
# The JVM options the chart sets too (operator.jvmOptions), measured in docs/operations.md.
ENV JAVA_TOOL_OPTIONS="-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:MaxRAMPercentage=50 -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:+ExitOnOutOfMemoryError"
ENTRYPOINT ["java", "-jar", "/opt/operator/operator.jar"]
