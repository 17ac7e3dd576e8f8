{{- /* The CNPG image of the chosen major version. */ -}}
{{- define "postgres.image" -}}
{{- $tags := dict "v18" "18.1" "v17" "17.7" "v16" "16.11" "v15" "15.15" "v14" "14.20" "v13" "13.22" -}}
{{- if not (hasKey $tags .Values.version) -}}
{{- fail (printf "version %q is not supported: use one of %s" .Values.version (keys $tags | sortAlpha | join ", ")) -}}
{{- end -}}
ghcr.io/cloudnative-pg/postgresql:{{ index $tags .Values.version }}
{{- end -}}

{{- /*
  Whether the chart itself wires the Cluster's backups (the older per-instance flow): backup
  enabled, not left to the platform's BackupClass (useSystemBucket), a destination, and
  credentials given inline or as a Secret.
*/ -}}
{{- define "postgres.chartBackups" -}}
{{- $b := .Values.backup -}}
{{- $creds := or (and $b.s3AccessKey $b.s3SecretKey) $b.s3CredentialsSecret.name -}}
{{- if and $b.enabled (not $b.useSystemBucket) $b.destinationPath $creds -}}true{{- end -}}
{{- end -}}

{{- /* The object store of this instance's (or, on recovery, the old instance's) backups. */ -}}
{{- define "postgres.objectStore" -}}
{{- $b := .Values.backup -}}
{{- $secret := $b.s3CredentialsSecret -}}
destinationPath: {{ $b.destinationPath | quote }}
{{- with $b.endpointURL }}
endpointURL: {{ . | quote }}
{{- end }}
{{- with $b.endpointCA.name }}
endpointCA:
  name: {{ . }}
  key: {{ $b.endpointCA.key | default "ca.crt" }}
{{- end }}
s3Credentials:
  {{- if $secret.name }}
  accessKeyId: {name: {{ $secret.name }}, key: {{ $secret.accessKeyIDKey | default "AWS_ACCESS_KEY_ID" }}}
  secretAccessKey: {name: {{ $secret.name }}, key: {{ $secret.secretAccessKeyKey | default "AWS_SECRET_ACCESS_KEY" }}}
  {{- else }}
  accessKeyId: {name: {{ .Release.Name }}-s3-creds, key: AWS_ACCESS_KEY_ID}
  secretAccessKey: {name: {{ .Release.Name }}-s3-creds, key: AWS_SECRET_ACCESS_KEY}
  {{- end }}
{{- end -}}

{{- /* The Secret holding one user's login for CNPG's managed roles. */ -}}
{{- define "postgres.userSecret" -}}
{{- printf "%s-user-%s" (index . 0).Release.Name (include "app.dnsName" (index . 1)) -}}
{{- end -}}

{{- /* Checks what the schema cannot: names and cross-field constraints. */ -}}
{{- define "postgres.check" -}}
{{- if hasKey .Values.users "postgres" -}}
{{- fail "users.postgres: the superuser is the operator's; name the user differently" -}}
{{- end -}}
{{- $q := .Values.quorum -}}
{{- if gt (int $q.minSyncReplicas) (int $q.maxSyncReplicas) -}}
{{- fail "quorum.minSyncReplicas must not exceed quorum.maxSyncReplicas" -}}
{{- end -}}
{{- if and (gt (int $q.maxSyncReplicas) 0) (ge (int $q.maxSyncReplicas) (int .Values.replicas)) -}}
{{- fail "quorum.maxSyncReplicas must be less than replicas (0 turns synchronous replication off)" -}}
{{- end -}}
{{- if and .Values.bootstrap.enabled .Values.backup.useSystemBucket -}}
{{- fail "bootstrap.enabled cannot be combined with backup.useSystemBucket: restore from the platform's bucket with a RestoreJob" -}}
{{- end -}}
{{- if and .Values.bootstrap.enabled (not .Values.bootstrap.oldName) -}}
{{- fail "bootstrap.oldName is required when bootstrap.enabled is true: name the instance whose backup to recover" -}}
{{- end -}}
{{- $seen := dict -}}
{{- range $user, $_ := .Values.users -}}
{{- $n := include "app.dnsName" $user -}}
{{- if or (not $n) (hasKey $seen $n) -}}
{{- fail (printf "users.%s: its name gives the Secret name suffix %q, empty or the same as another user's; rename it" $user $n) -}}
{{- end -}}
{{- $_ := set $seen $n true -}}
{{- end -}}
{{- range $db, $d := .Values.databases -}}
{{- range $role, $members := ($d.roles | default dict) -}}
{{- range $members -}}
{{- if not (hasKey $.Values.users .) -}}
{{- fail (printf "databases.%s.roles.%s names user %q, which is not in users; add it to users" $db $role .) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- /* The SQL of the grants Job. */ -}}
{{- define "postgres.grantsSql" -}}
{{- range $db, $_ := .Values.databases }}
\connect "{{ $db }}"
GRANT ALL PRIVILEGES ON DATABASE "{{ $db }}" TO "{{ $db }}_admin";
GRANT ALL ON SCHEMA public TO "{{ $db }}_admin";
GRANT CONNECT ON DATABASE "{{ $db }}" TO "{{ $db }}_readonly";
GRANT USAGE ON SCHEMA public TO "{{ $db }}_readonly";
GRANT SELECT ON ALL TABLES IN SCHEMA public TO "{{ $db }}_readonly";
GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO "{{ $db }}_readonly";
ALTER DEFAULT PRIVILEGES FOR ROLE "{{ $db }}_admin" IN SCHEMA public GRANT SELECT ON TABLES TO "{{ $db }}_readonly";
ALTER DEFAULT PRIVILEGES FOR ROLE "{{ $db }}_admin" IN SCHEMA public GRANT SELECT ON SEQUENCES TO "{{ $db }}_readonly";
{{- end }}
{{- end -}}
