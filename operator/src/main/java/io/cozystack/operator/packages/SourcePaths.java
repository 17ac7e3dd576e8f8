package io.cozystack.operator.packages;

import io.cozystack.api.v1alpha1.ArtifactNaming;
import io.cozystack.api.v1alpha1.Component;
import io.cozystack.api.v1alpha1.Library;
import io.cozystack.api.v1alpha1.PackageSource;
import io.cozystack.api.v1alpha1.SourcePath;
import io.cozystack.api.v1alpha1.Variant;
import java.util.ArrayList;
import java.util.List;

/**
 * The paths a PackageSource copies (component and library {@code path}, {@code valuesFiles}) that
 * would leave its source: absolute, or with a {@code ..} segment. The CRD schema refuses them; a
 * source stored before it did is checked here, and gets no ArtifactGenerator.
 */
public final class SourcePaths {
  /** Reason of a PackageSource (and of its Packages) carrying such a path. */
  public static final String INVALID_PATH = "InvalidPath";

  private SourcePaths() {}

  /** Every refused path, each naming its field, its variant and component or library. */
  public static List<String> problems(PackageSource source) {
    List<String> problems = new ArrayList<>();
    List<Variant> variants = ArtifactGeneratorRenderer.variants(source);
    for (int v = 0; v < variants.size(); v++) {
      Variant variant = variants.get(v);
      String at = "spec.variants[" + v + "]";
      List<Library> libraries = orEmpty(variant.libraries());
      for (int l = 0; l < libraries.size(); l++) {
        Library library = libraries.get(l);
        check(
            "variant "
                + variant.name()
                + ", library "
                + (library.path() == null ? library.name() : ArtifactNaming.libraryName(library)),
            at + ".libraries[" + l + "].path",
            library.path(),
            problems);
      }
      List<Component> components = orEmpty(variant.components());
      for (int c = 0; c < components.size(); c++) {
        Component component = components.get(c);
        String where = "variant " + variant.name() + ", component " + component.name();
        String field = at + ".components[" + c + "]";
        check(where, field + ".path", component.path(), problems);
        List<String> valuesFiles = orEmpty(component.valuesFiles());
        for (int f = 0; f < valuesFiles.size(); f++) {
          check(where, field + ".valuesFiles[" + f + "]", valuesFiles.get(f), problems);
        }
      }
    }
    return List.copyOf(problems);
  }

  private static void check(String where, String field, String path, List<String> problems) {
    SourcePath.problem(field, path).ifPresent(p -> problems.add(where + ": " + p));
  }

  private static <T> List<T> orEmpty(List<T> list) {
    return list == null ? List.of() : list;
  }
}
