{{/* ---------------------------------------------------------------- names and labels */}}

{{/* Prefix of every component's names, the same in every release of one platform ("" or e.g. "civic-"). */}}
{{- define "lib.prefix" -}}
{{- tpl ((.Values.global).namePrefix | default "") . -}}
{{- end -}}

{{- define "lib.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The component's resource name: <namePrefix><chart name>, e.g. civic-chat. */}}
{{- define "lib.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s%s" (include "lib.prefix" .) (include "lib.name" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* Another component's Service name, found by the shared prefix: (list $ "identity") */}}
{{- define "lib.peerName" -}}
{{- printf "%s%s" (include "lib.prefix" (index . 0)) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Port of each component's Service and container (the services' own defaults). */}}
{{- define "lib.ports" -}}
{"identity": 4001, "decisions": 4002, "elections": 4003, "chat": 4004, "notifications": 4005, "gateway": 8080, "shell": 8080, "decisions-remote": 8080, "elections-remote": 8080}
{{- end -}}

{{/* A component's port: (list $ "identity") */}}
{{- define "lib.port" -}}
{{- index (include "lib.ports" (index . 0) | fromJson) (index . 1) | int -}}
{{- end -}}

{{/* Base URL of another component's Service: (list $ "identity") */}}
{{- define "lib.peerUrl" -}}
{{- printf "http://%s:%d" (include "lib.peerName" .) (include "lib.port" . | int) -}}
{{- end -}}

{{/*
Selector labels: (dict "root" $ "role" "server" "extra" (dict ...)). role tells a component's
serving pods from its migration Job's pods, so the Service never sends traffic to a Job.
*/}}
{{- define "lib.selectorLabels" -}}
app.kubernetes.io/name: {{ include "lib.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .role | default "server" }}
{{- range $key, $value := .extra }}
{{ $key }}: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/* Labels of every object: (dict "root" $ "role" "server" "extra" (dict ...)) */}}
{{- define "lib.labels" -}}
{{ include "lib.selectorLabels" . }}
app.kubernetes.io/part-of: civic-platform
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* ---------------------------------------------------------------- images */}}

{{/* Image reference: (dict "root" $ "image" .Values.image "tag" <optional tag>) */}}
{{- define "lib.image" -}}
{{- $registry := (.root.Values.global).imageRegistry | default .image.registry -}}
{{- $repository := .image.repository -}}
{{- if $registry }}{{ $repository = printf "%s/%s" (trimSuffix "/" $registry) $repository }}{{ end -}}
{{- $digest := .digest | default .image.digest -}}
{{- if $digest -}}
{{- printf "%s@%s" $repository $digest -}}
{{- else -}}
{{- printf "%s:%s" $repository (.tag | default .image.tag | default .root.Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{/*
The image's version in a Kubernetes name: the tag (dots and other characters as dashes), or the
first 12 hex digits of the digest. (dict "root" $ "image" .Values.image)
*/}}
{{- define "lib.imageVersion" -}}
{{- if .image.digest -}}
{{- .image.digest | trimPrefix "sha256:" | trunc 12 -}}
{{- else -}}
{{- regexReplaceAll "[^a-z0-9]+" (.image.tag | default .root.Chart.AppVersion | lower) "-" | trimAll "-" -}}
{{- end -}}
{{- end -}}

{{/*
Pull policy matching the reference: a digest or a version tag (1.4.0, 1.4.0-3f2a9c1) never changes,
so IfNotPresent; a moving tag (latest, main, dev) is pulled Always. image.pullPolicy wins when set.
(dict "root" $ "image" .Values.image "tag" <optional tag>)
*/}}
{{- define "lib.pullPolicy" -}}
{{- $tag := .tag | default .image.tag | default .root.Chart.AppVersion -}}
{{- if .image.pullPolicy -}}
{{- .image.pullPolicy -}}
{{- else if or .digest .image.digest (regexMatch "^v?[0-9]+\\.[0-9]+\\.[0-9]+([-+][0-9A-Za-z.-]+)?$" $tag) -}}
IfNotPresent
{{- else -}}
Always
{{- end -}}
{{- end -}}
