{{- /* The MariaDB image of the chosen version. */ -}}
{{- define "mariadb.image" -}}
{{- $tags := dict "v11.8" "11.8.5" "v11.4" "11.4.9" "v10.11" "10.11.15" "v10.6" "10.6.24" -}}
{{- if not (hasKey $tags .Values.version) -}}
{{- fail (printf "version %q is not supported: use one of %s" .Values.version (keys $tags | sortAlpha | join ", ")) -}}
{{- end -}}
docker-registry1.mariadb.com/library/mariadb:{{ index $tags .Values.version }}
{{- end -}}

{{- /* Checks what the schema cannot: object names and users a database role names. */ -}}
{{- define "mariadb.check" -}}
{{- $seen := dict -}}
{{- range $user, $_ := .Values.users -}}
{{- $n := include "app.dnsName" $user -}}
{{- if or (not $n) (hasKey $seen $n) -}}
{{- fail (printf "users.%s: its name gives the object name suffix %q, empty or the same as another user's; rename it" $user $n) -}}
{{- end -}}
{{- $_ := set $seen $n true -}}
{{- end -}}
{{- $seen = dict -}}
{{- range $db, $d := .Values.databases -}}
{{- $n := include "app.dnsName" $db -}}
{{- if or (not $n) (hasKey $seen $n) -}}
{{- fail (printf "databases.%s: its name gives the object name suffix %q, empty or the same as another database's; rename it" $db $n) -}}
{{- end -}}
{{- $_ := set $seen $n true -}}
{{- range $role, $members := ($d.roles | default dict) -}}
{{- range $members -}}
{{- if not (hasKey $.Values.users .) -}}
{{- fail (printf "databases.%s.roles.%s names user %q, which is not in users; add it to users" $db $role .) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if .Values.backup.enabled -}}
{{- if lt (len (splitList "/" .Values.backup.s3Bucket)) 2 -}}
{{- fail (printf "backup.s3Bucket %q must be <endpoint host>/<bucket>[/<prefix>], e.g. s3.example.org/mariadb-backups" .Values.backup.s3Bucket) -}}
{{- end -}}
{{- end -}}
{{- end -}}
