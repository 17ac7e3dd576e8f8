{{- /*
  platform.source: the platform's own source as a dict (url, ref, insecure, secretRef): the values
  when url is set, else what the bootstrap's OCIRepository says; url is empty when neither is known
  (helm template, or an OCIRepository that does not exist yet).
*/ -}}
{{- define "platform.source" -}}
{{- $given := .Values.platformSource -}}
{{- if $given.url -}}
{{- toYaml $given -}}
{{- else -}}
{{- $found := lookup "source.toolkit.fluxcd.io/v1" "OCIRepository" "cozy-system" $given.name -}}
{{- if $found -}}
{{- toYaml (dict "url" $found.spec.url "ref" (dig "ref" dict $found.spec) "insecure" (dig "insecure" false $found.spec) "secretRef" (dig "secretRef" "name" "" $found.spec)) -}}
{{- else -}}
{{- toYaml (dict "url" "") -}}
{{- end -}}
{{- end -}}
{{- end -}}
